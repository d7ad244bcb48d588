/** The operand tray, the claim and the result card of the numeric check. */
export function CheckColumn() {
  return (
    <section
      aria-labelledby="check-heading"
      data-testid="check-column"
      className="flex w-96 shrink-0 flex-col border-l border-slate-200 bg-white"
    >
      <h2
        id="check-heading"
        className="px-5 pt-5 pb-3 text-sm font-semibold tracking-wide text-slate-900 uppercase"
      >
        Check
      </h2>
    </section>
  );
}
