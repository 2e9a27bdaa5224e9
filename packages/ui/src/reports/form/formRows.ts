import { charLength, LIMITS, type ReportFormValues, REPORT_MESSAGES } from '@hiraku/shared';

type Tool = ReportFormValues['tools'][number];
type Step = ReportFormValues['play'][number];

/** Either the changed list, or the message of the limit that refused the change (shown as an alert). */
export type RowChange<T> = { ok: true; rows: T[] } | { ok: false; message: string };

export function addTool(tools: readonly Tool[]): RowChange<Tool> {
  if (tools.length >= LIMITS.toolsMax) return { ok: false, message: REPORT_MESSAGES.toolsMax };
  return { ok: true, rows: [...tools, { name: '', quantity: '' }] };
}

export function removeTool(tools: readonly Tool[], index: number): Tool[] {
  return tools.filter((_, i) => i !== index);
}

/** A quantity beyond 25 characters is refused whole (docs/product.md §5), so what was there stays. */
export function changeTool(tools: readonly Tool[], index: number, change: Partial<Tool>): RowChange<Tool> {
  if (change.quantity !== undefined && charLength(change.quantity) > LIMITS.toolQuantityMax) {
    return { ok: false, message: REPORT_MESSAGES.toolQuantityMax };
  }
  return { ok: true, rows: tools.map((tool, i) => (i === index ? { ...tool, ...change } : tool)) };
}

/** Steps are always numbered 1..n in order, so removing one renumbers those after it. */
export function numberSteps(steps: readonly Pick<Step, 'action'>[]): Step[] {
  return steps.map((step, i) => ({ stepNumber: i + 1, action: step.action }));
}

export function addStep(steps: readonly Step[]): RowChange<Step> {
  if (steps.length >= LIMITS.stepsMax) return { ok: false, message: REPORT_MESSAGES.stepsMax };
  return { ok: true, rows: numberSteps([...steps, { action: '' }]) };
}

export function removeStep(steps: readonly Step[], index: number): Step[] {
  return numberSteps(steps.filter((_, i) => i !== index));
}

export function changeStep(steps: readonly Step[], index: number, action: string): Step[] {
  return numberSteps(steps.map((step, i) => (i === index ? { ...step, action } : step)));
}

/** Toggles one tag in a multi-select with a maximum; adding beyond it gives 「N個まで選択できます」. */
export function toggleTag(selected: readonly number[], id: number, max: number): RowChange<number> {
  if (selected.includes(id)) return { ok: true, rows: selected.filter((value) => value !== id) };
  if (selected.length >= max) return { ok: false, message: REPORT_MESSAGES.maxSelectable(max) };
  return { ok: true, rows: [...selected, id] };
}

/** A title beyond 30 characters is refused, not cut (docs/product.md §5). */
export function acceptTitle(value: string): boolean {
  return charLength(value) <= LIMITS.reportTitleMax;
}
