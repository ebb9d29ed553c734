import { fuzzGroup } from '../support/fuzz/fuzz-suite';

// The route table's transactions operations, fuzzed (ADR 024; groups in test/support/fuzz/groups.ts).
fuzzGroup('transactions');
