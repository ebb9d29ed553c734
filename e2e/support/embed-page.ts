import type { Page } from '@playwright/test';

export interface RecordedMessage {
  origin: string;
  data: Record<string, unknown>;
}

/** The messages the checkout iframe has posted to the merchant's embed page so far. */
export const embedEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { kassaEvents: RecordedMessage[] }).kassaEvents);

export const embedEventsOfType = async (page: Page, type: string) =>
  (await embedEvents(page)).filter((e) => e.data.type === type);

/** Posts a message into the checkout iframe, as the SDK does. */
export const postToCheckout = (page: Page, msg: Record<string, unknown>) =>
  page.evaluate(
    (m) => (document.getElementById('checkout') as HTMLIFrameElement).contentWindow!.postMessage(m, '*'),
    msg,
  );
