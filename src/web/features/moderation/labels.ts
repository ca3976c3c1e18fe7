/** Whether a suspension ending at `until` is still running. */
export const suspendedNow = (until: string | null | undefined) => !!until && Date.parse(until) > Date.now();
