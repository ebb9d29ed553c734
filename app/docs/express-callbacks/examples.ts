/** The JSON examples of the express callbacks guide (the README's, kept with the page). */

export const EXPRESS_SESSION = `{
  "url": { "return_url": "https://shop.example/return", "callback_url": "https://shop.example/kassa/callback" },
  "order": {
    "amount": 39800, "currency": "NOK", "merchant_reference": "order-1",
    "items": [
      { "line_id": "1", "id": "mug", "description": "Coffee mug", "quantity": 2, "amount": 19800, "vat": 25 },
      { "line_id": "2", "id": "beans", "description": "Coffee beans", "quantity": 1, "amount": 20000, "vat": 25 }
    ]
  },
  "express": {
    "shipping_options": [],
    "shipping_address_callback_url": "https://shop.example/kassa/shipping",
    "discount_codes": { "callback_url": "https://shop.example/kassa/discounts", "max_count": 2 }
  },
  "configuration": { "discounts": { "express_discount_codes": { "enabled": true } } }
}`;

export const SHIPPING_ANSWER = `{
  "shipping_options": [
    {
      "id": "home-delivery", "line_id": "home-delivery", "amount": 4900, "vat": 25,
      "title": "Home delivery", "operator": "Kassa Post", "delivery_method": "delivery",
      "eta": { "working_days": [2, 3] }
    },
    {
      "id": "pick-up", "line_id": "pick-up-storo", "amount": 2900, "vat": 25,
      "title": "Pick-up point Storo Storsenter", "operator": "Kassa Post", "delivery_method": "pick_up",
      "pick_up_address": {
        "address_line": "Vitaminveien 7", "postal_code": "0485", "postal_place": "Oslo", "country": "NO",
        "distance": 4.8,
        "opening_hours": {
          "timezone": "Europe/Oslo",
          "periods": [{ "day_of_week": 1, "opens_at": "10:00", "closes_at": "21:00" }]
        }
      }
    }
  ],
  "order": { "amount": 39800 }
}`;

export const DISCOUNT_ANSWER = `{
  "shipping_options": [ ... ],
  "order": {
    "amount": 38720,
    "discount_codes": ["SAVE10"],
    "items": [
      {
        "line_id": "1", "id": "mug", "quantity": 2, "amount": 17820, "gross_amount": 19800, "vat": 25,
        "discount_lines": [
          { "amount": 1980, "percentage": 10, "discount_type": "external", "discount_id": "SAVE10",
            "description": "SAVE10: 10 % off", "line_id": 1 }
        ]
      },
      {
        "line_id": "2", "id": "beans", "quantity": 1, "amount": 18000, "gross_amount": 20000, "vat": 25,
        "discount_lines": [
          { "amount": 2000, "percentage": 10, "discount_type": "external", "discount_id": "SAVE10",
            "description": "SAVE10: 10 % off", "line_id": 1 }
        ]
      }
    ]
  }
}`;
