'use client';
import { GatewaySwitches } from './gateway-switches';
import { SandboxTestData, type SandboxCards } from './test-data';

/** /console/sandbox: the gateway switches, and the test data that decides what the sandbox does. */
export function SandboxPage(props: SandboxCards) {
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Sandbox</h1>
        <p className="mt-1 text-slate-600">
          Test accounts pay through the sandbox: no money moves, and these inputs and switches decide what happens.
        </p>
      </div>
      <GatewaySwitches />
      <SandboxTestData {...props} />
    </div>
  );
}
