import { Alert } from '../ui/alert';

/** The session could not be loaded for a reason other than "no longer available". */
export const LoadError = ({ message, onRetry }: { message: string; onRetry: () => void }) => (
  <Alert tone="error">
    <p className="font-semibold">We could not load this payment.</p>
    <p className="mt-1">{message}</p>
    <button type="button" onClick={onRetry} className="mt-3 rounded-lg bg-white px-3 py-1.5 font-medium text-red-800 ring-1 ring-red-200 hover:bg-red-100">
      Try again
    </button>
  </Alert>
);
