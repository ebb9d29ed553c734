import { fuzzGroup } from '../support/fuzz/fuzz-suite';

// The route table's shopping operations, fuzzed (ADR 024; groups in test/support/fuzz/groups.ts).
fuzzGroup('shopping');
