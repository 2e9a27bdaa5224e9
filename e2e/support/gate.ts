/**
 * A gate a test opens when it is ready: route handlers await `opened` to hold a request (or a step)
 * until then. Node 20 has no Promise.withResolvers.
 */
export function gate(): { opened: Promise<void>; open(): void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
