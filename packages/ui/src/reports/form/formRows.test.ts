import { LIMITS, newReportFormValues, TEXTS } from '@hiraku/shared';
import { acceptTitle, addStep, addTool, changeStep, changeTool, removeStep, removeTool, toggleTag } from './formRows';

describe('report form rows', () => {
  it('starts like docs/product.md says and renumbers steps from 1 after a removal', () => {
    const start = newReportFormValues().play;
    expect(start.map((s) => s.stepNumber)).toEqual([1, 2, 3]);
    const filled = changeStep(changeStep(changeStep(start, 0, '合図を決める'), 1, '後手で縛る'), 2, 'ほどいてケア');
    const rest = removeStep(filled, 0);
    expect(rest).toEqual([
      { stepNumber: 1, action: '後手で縛る' },
      { stepNumber: 2, action: 'ほどいてケア' },
    ]);
  });

  it('refuses an 11th step and an 11th tool with their messages, and keeps the list', () => {
    let steps = newReportFormValues().play;
    while (steps.length < LIMITS.stepsMax) {
      const next = addStep(steps);
      if (!next.ok) throw new Error(next.message);
      steps = next.rows;
    }
    expect(steps.at(-1)?.stepNumber).toBe(LIMITS.stepsMax);
    expect(addStep(steps)).toEqual({ ok: false, message: TEXTS.report.stepsMax });

    const tools = Array.from({ length: LIMITS.toolsMax }, () => ({ name: '縄', quantity: '' }));
    expect(addTool(tools)).toEqual({ ok: false, message: TEXTS.report.toolsMax });
    expect(addTool(tools.slice(1))).toMatchObject({ ok: true });
    expect(removeTool(tools, 0)).toHaveLength(LIMITS.toolsMax - 1);
  });

  it('refuses a quantity of 26 characters but takes 25, counting characters as a member does', () => {
    const tools = [{ name: '縄', quantity: '' }];
    expect(changeTool(tools, 0, { quantity: 'あ'.repeat(26) })).toEqual({ ok: false, message: TEXTS.report.toolQuantityMax });
    expect(changeTool(tools, 0, { quantity: '😀'.repeat(25) })).toEqual({ ok: true, rows: [{ name: '縄', quantity: '😀'.repeat(25) }] });
  });

  it('refuses the 4th play category with 「3個まで選択できます」 and lets one be taken away', () => {
    expect(toggleTag([1, 2, 3], 4, 3)).toEqual({ ok: false, message: '3個まで選択できます' });
    expect(toggleTag([1, 2, 3], 2, 3)).toEqual({ ok: true, rows: [1, 3] });
    expect(toggleTag([1], 2, 3)).toEqual({ ok: true, rows: [1, 2] });
  });

  it('accepts a 30-character title and refuses the 31st character', () => {
    expect(acceptTitle('縄'.repeat(30))).toBe(true);
    expect(acceptTitle('縄'.repeat(31))).toBe(false);
  });
});
