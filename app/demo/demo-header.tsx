/** The demo store's header: its name and the links between its pages. */
export const DemoHeader = ({ current }: { current: 'shop' | 'orders' | 'checkout' }) => (
  <header className="mb-6 flex flex-wrap items-center justify-between gap-3">
    <a href="/demo" className="text-lg font-bold tracking-tight text-slate-900">
      Kassa Coffee{' '}
      <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold uppercase text-amber-800">
        demo store
      </span>
    </a>
    <nav aria-label="Store" className="flex gap-4 text-sm font-medium">
      <a
        href="/demo"
        aria-current={current === 'shop' ? 'page' : undefined}
        className="text-indigo-700 hover:underline"
      >
        Shop
      </a>
      <a
        href="/demo/orders"
        aria-current={current === 'orders' ? 'page' : undefined}
        className="text-indigo-700 hover:underline"
      >
        Orders (merchant)
      </a>
    </nav>
  </header>
);
