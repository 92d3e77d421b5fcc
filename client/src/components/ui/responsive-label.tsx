/** A button's words: shown from the `sm` breakpoint, read to screen readers only on phones (the icon stays). */
export function ResponsiveLabel({ children }: { children: string }) {
  return (
    <>
      <span className="hidden sm:inline">{children}</span>
      <span className="sr-only sm:hidden">{children}</span>
    </>
  );
}
