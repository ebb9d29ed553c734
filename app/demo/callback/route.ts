// The demo shop's callback endpoint: it accepts every notification.
export const dynamic = 'force-dynamic';

const received = (): Response => Response.json({ received: true });

export { received as GET, received as POST };
