'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Alert } from '../../ui/alert';
import { useConsoleApi } from '../console-context';
import { endsIntention, intendedActions } from './intended-action';
import { ModalDialog } from './modal-dialog';
import { OperationForm, type OperationChoice } from './operation-form';
import { doneInWords, refusalInWords, VERB, type MoneyOperation } from './operation-words';
import { money } from './payment-money';
import type { Transaction } from './payment-types';
import { linesOf, operationItems, type TransactionAmounts } from './transaction-amounts';
import { transactionQueryKey } from './transaction-query';

const button =
  'rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 disabled:opacity-60';
const TRIGGER: Record<MoneyOperation, string> = {
  capture: `${button} bg-indigo-700 text-white hover:bg-indigo-800`,
  refund: `${button} border border-slate-300 bg-white text-slate-900 hover:bg-slate-100`,
  void: `${button} border border-red-300 bg-white text-red-800 hover:bg-red-50`,
};

/** The question the confirmation asks, with the amounts in words: "Capture NOK 120.00 of NOK 398.00?" */
const question = (op: MoneyOperation, amount: string, of: string, items: number) =>
  op === 'void'
    ? `Void ${amount}, all that is left of this authorization? It cannot be captured afterwards.`
    : `${VERB[op].label} ${amount} of ${of}?${items ? ` (${items} item${items === 1 ? '' : 's'})` : ''}`;

/**
 * An admin's Capture, Refund and Void: each opens a dialog (how much, for capture and refund), then asks to
 * confirm the amount, then POSTs /v1/transactions/{id}/{op} with the Idempotency-Key of that intended action
 * (intended-action.ts: a retry after a lost answer is the same request, never a second capture). A refusal is
 * shown in the dialog; success refreshes the transaction and closes it.
 */
export function TransactionActions({
  transaction: t,
  amounts,
  onDone,
}: {
  transaction: Transaction;
  amounts: TransactionAmounts;
  onDone: (message: string) => void;
}) {
  const api = useConsoleApi();
  const queries = useQueryClient();
  const [op, setOp] = useState<MoneyOperation | undefined>();
  const [choice, setChoice] = useState<OperationChoice | undefined>();
  const opener = useRef<HTMLButtonElement | null>(null);
  const intents = useRef<ReturnType<typeof intendedActions> | undefined>(undefined);
  const max = op === 'refund' ? amounts.leftToRefund : amounts.leftToCapture;
  const send = useMutation({
    mutationFn: async ({ op, choice }: { op: MoneyOperation; choice: OperationChoice }) => {
      const body =
        op === 'void'
          ? {}
          : {
              amount: choice.amount,
              ...(choice.lines ? { items: operationItems(choice.lines, op === 'capture' ? 'CAPTURE' : 'REFUND') } : {}),
            };
      const path = `/v1/transactions/${encodeURIComponent(t.id)}/${op}`;
      const intended = (intents.current ??= intendedActions());
      try {
        const answer = await api.post<Transaction>(path, body, { 'Idempotency-Key': intended.keyFor(t.id, op, body) });
        intended.end(t.id, op, body);
        return answer;
      } catch (e) {
        if (endsIntention(e)) intended.end(t.id, op, body);
        throw e;
      }
    },
    onSettled: () => queries.invalidateQueries({ queryKey: ['console', 'payments'] }),
  });
  const close = () => {
    setOp(undefined);
    setChoice(undefined);
    send.reset();
  };
  const start = (next: MoneyOperation, target: HTMLButtonElement) => {
    opener.current = target;
    onDone('');
    send.reset();
    setOp(next);
    setChoice(next === 'void' ? { amount: amounts.leftToVoid } : undefined);
  };
  const confirm = async () => {
    if (!op || !choice) return;
    const amount = money(choice.amount, t.currency);
    try {
      const { data, headers } = await send.mutateAsync({ op, choice });
      // the page shows the new amounts (and the buttons they allow) before the dialog closes
      await queries.invalidateQueries({ queryKey: transactionQueryKey(t.id) });
      onDone(doneInWords(op, amount, data, headers.get('event-request-id')));
      close();
    } catch {
      // shown in the dialog (send.error); what changed meanwhile shows too
      await queries.invalidateQueries({ queryKey: transactionQueryKey(t.id) });
    }
  };
  const visible: MoneyOperation[] = [
    ...(amounts.leftToCapture > 0 ? (['capture'] as const) : []),
    ...(amounts.leftToRefund > 0 ? (['refund'] as const) : []),
    ...(amounts.leftToVoid > 0 ? (['void'] as const) : []),
  ];
  const amountText = choice ? money(choice.amount, t.currency) : '';
  const ofText = money(max, t.currency);
  return (
    <div className="flex flex-wrap gap-2" {...(visible.length ? { role: 'group', 'aria-label': 'Actions' } : {})}>
      {visible.map((v) => (
        <button key={v} type="button" className={TRIGGER[v]} onClick={(e) => start(v, e.currentTarget)}>
          {VERB[v].label}
        </button>
      ))}
      <ModalDialog
        open={op !== undefined}
        onClose={close}
        title={op ? `${VERB[op].label} payment` : ''}
        returnFocus={opener}
      >
        {op && op !== 'void' && !choice ? (
          <OperationForm
            op={op}
            currency={t.currency}
            max={max}
            lines={linesOf(t)}
            onCancel={close}
            onChosen={setChoice}
          />
        ) : op && choice ? (
          <div className="grid gap-4">
            <p id="operation-question" className="text-base">
              {question(op, amountText, ofText, choice.lines?.length ?? 0)}
            </p>
            {send.error ? <Alert tone="error">{refusalInWords(op, send.error)}</Alert> : null}
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                autoFocus
                aria-describedby="operation-question"
                disabled={send.isPending}
                onClick={confirm}
                className={op === 'void' ? `${button} bg-red-700 text-white hover:bg-red-800` : TRIGGER.capture}
              >
                {send.isPending ? `${VERB[op].ing}…` : `Yes, ${VERB[op].label.toLowerCase()} ${amountText}`}
              </button>
              {op === 'void' ? null : (
                <button type="button" onClick={() => setChoice(undefined)} className={TRIGGER.refund}>
                  Change
                </button>
              )}
              <button type="button" onClick={close} className={TRIGGER.refund}>
                Cancel
              </button>
            </div>
          </div>
        ) : null}
      </ModalDialog>
    </div>
  );
}
