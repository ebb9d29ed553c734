import type { Language } from '../i18n/languages';
import { LOCALES } from '../i18n/languages';
import type { Messages } from '../i18n/messages/en';
import { formatAmount } from '../i18n/format';
import type { CustomerActionPage } from '../../domain/view-types';

const BUTTON =
  'flex-1 rounded-xl px-4 py-3 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#3730a3]';

/** A sandbox page the checkout sends the customer to: who asks for what, and the two answers. */
export const CustomerActionView = ({
  action,
  transactionId,
  back,
  language,
  messages: m,
}: {
  action: CustomerActionPage;
  transactionId: string;
  back?: string;
  language: Language;
  messages: Messages['sandbox'];
}) => {
  const threeDs = action.kind === '3ds';
  const amount = formatAmount(action.amount, action.currency, LOCALES[language]);
  const returnTo = back && back.startsWith('/?') ? back : `/?sid=${encodeURIComponent(action.sessionId)}`;
  return (
    <main
      lang={language}
      className="flex min-h-screen items-start justify-center bg-slate-100 px-4 py-8 text-slate-900 sm:items-center"
    >
      <div className="w-full max-w-md rounded-2xl border border-slate-300 bg-white p-6 shadow-sm">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">
          {threeDs ? m.bank_name : m.wallet_name}
        </p>
        <h1 className="mt-1 text-xl font-semibold">{threeDs ? m.challenge_title : m.wallet_title}</h1>
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">{m.simulated}</p>
        <dl className="mt-4 space-y-1 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{m.merchant}</dt>
            <dd className="font-medium">{action.merchantName}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{m.amount}</dt>
            <dd className="font-medium tabular-nums">{amount}</dd>
          </div>
          {action.maskedPan ? (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">{m.card}</dt>
              <dd className="font-mono">•••• {action.maskedPan.slice(-4)}</dd>
            </div>
          ) : null}
        </dl>
        {action.open ? (
          <form
            method="post"
            action={`/v1/view/${encodeURIComponent(action.sessionId)}/sandbox/${action.kind}/${encodeURIComponent(transactionId)}`}
            className="mt-6"
          >
            <p className="text-sm text-slate-700">{threeDs ? m.challenge_question : m.wallet_question}</p>
            <input type="hidden" name="back" value={returnTo} />
            <div className="mt-4 flex gap-3">
              <button
                type="submit"
                name="decision"
                value={threeDs ? 'fail' : 'reject'}
                className={`${BUTTON} border border-slate-400 bg-white text-slate-900 hover:bg-slate-50`}
              >
                {threeDs ? m.fail : m.reject}
              </button>
              <button
                type="submit"
                name="decision"
                value={threeDs ? 'complete' : 'approve'}
                className={`${BUTTON} bg-[#3730a3] text-white hover:bg-[#312e81]`}
              >
                {threeDs ? m.complete : m.approve}
              </button>
            </div>
          </form>
        ) : (
          <div className="mt-6">
            <p className="text-sm text-slate-700">{m.closed}</p>
            <a href={returnTo} className="mt-3 inline-block font-medium text-[#3730a3] underline">
              {m.back}
            </a>
          </div>
        )}
      </div>
    </main>
  );
};
