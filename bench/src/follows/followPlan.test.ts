import { cursorIndex, percentile, planFollows, spreadPositions } from './followPlan';

describe('planFollows', () => {
  const memberIds = Array.from({ length: 3_000 }, (_, i) => i + 1);
  const tagUsage = Array.from({ length: 500 }, (_, i) => ({ id: 10_000 + i, reports: 500 - i }));
  const base = { memberIds, tagUsage, categoryIds: [1, 2, 3, 4], total: 2_000, tags: 400, categories: 4 };

  it('gives exactly the total, never the reader, no member twice, the least used tags', () => {
    const plan = planFollows({ ...base, readerId: 42 });
    expect(plan.members.length + plan.tags.length + plan.categories.length).toBe(2_000);
    expect(plan.categories).toEqual([1, 2, 3, 4]);
    expect(plan.tags).toHaveLength(400);
    // The least used: reports 1..400, i.e. the highest ids.
    expect(Math.min(...plan.tags)).toBe(10_100);
    expect(plan.members).not.toContain(42);
    expect(new Set(plan.members).size).toBe(plan.members.length);
  });

  it('gives different readers different members, and the same reader the same ones', () => {
    const a = planFollows({ ...base, readerId: 1 });
    const b = planFollows({ ...base, readerId: 2 });
    expect(a.members[0]).not.toBe(b.members[0]);
    expect(planFollows({ ...base, readerId: 1 })).toEqual(a);
  });

  it('stops short when there are too few members, and copes with none', () => {
    const plan = planFollows({ ...base, memberIds: [5, 6, 7], readerId: 6 });
    expect(plan.members.sort()).toEqual([5, 7]);
    expect(planFollows({ ...base, memberIds: [], tagUsage: [], categoryIds: [], readerId: 1 })).toEqual({ members: [], tags: [], categories: [] });
  });
});

describe('spreadPositions', () => {
  it('spreads over the stretch asked, inside the list', () => {
    const positions = spreadPositions(1_000, 10, 0.8, 1);
    expect(positions).toHaveLength(10);
    expect(positions[0]).toBe(800);
    expect(Math.max(...positions)).toBeLessThan(1_000);
    expect(new Set(positions).size).toBe(10);
  });

  it('gives fewer when the stretch is short, none for an empty one', () => {
    expect(spreadPositions(10, 50, 0.5, 1)).toEqual([5, 6, 7, 8, 9]);
    expect(spreadPositions(0, 5, 0, 1)).toEqual([]);
    expect(spreadPositions(100, 0, 0, 1)).toEqual([]);
  });
});

describe('cursorIndex', () => {
  it('gives every request of a run its own cursor while there are enough', () => {
    const seen = new Set<number>();
    for (let iteration = 0; iteration < 50; iteration += 1) for (let connection = 0; connection < 16; connection += 1) seen.add(cursorIndex(connection, iteration, 16, 1_000));
    expect(seen.size).toBe(800);
  });

  it('refuses an empty list', () => {
    expect(() => cursorIndex(0, 0, 1, 0)).toThrow('no cursors');
  });
});

describe('percentile', () => {
  it('reads by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile([], 50)).toBeNaN();
  });
});
