import { getKassa } from '../http/kassa-singleton';

/** Whether this process serves the demo store (ADR 029), for the pages that link to it. */
export const isDemoStoreOn = async (): Promise<boolean> => Boolean((await getKassa()).merchant.demoStore);
