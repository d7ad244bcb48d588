import { useId } from 'react';
import { FOCUS } from './ArticleSourceForm';
import type { ClaimOrder } from './article-state';

export const CLAIM_ORDER_WORDING: Record<ClaimOrder, string> = {
  article: 'As in the article',
  checkable: 'Most checkable first',
};

/**
 * The order of the claims list: as the article says them (a person reading along), or most checkable first
 * (the service's order). Two radio buttons, one Tab stop; the arrows choose.
 */
export function ClaimOrderToggle({
  order,
  onChange,
}: {
  order: ClaimOrder;
  onChange: (order: ClaimOrder) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">Order of the claims</legend>
      <span aria-hidden="true" className="hidden text-xs text-slate-600 @sm:inline dark:text-slate-300">
        Order:
      </span>
      <div className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 dark:border-slate-600 dark:bg-slate-900">
        {(Object.keys(CLAIM_ORDER_WORDING) as ClaimOrder[]).map((value) => (
          <label
            key={value}
            className={`cursor-pointer rounded px-2 py-0.5 text-xs whitespace-nowrap has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-indigo-600 dark:has-[:focus-visible]:outline-indigo-400 ${order === value ? 'bg-indigo-600 font-medium text-white' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'}`}
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={order === value}
              onChange={() => onChange(value)}
              className={`sr-only ${FOCUS}`}
            />
            {CLAIM_ORDER_WORDING[value]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
