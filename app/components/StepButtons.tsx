type Props = {
  className: string;
  /** The buttons' names, back then forward. */
  labels: readonly [string, string];
  onStep(step: -1 | 1): void;
  /** Where the row stops: that way's button says it is disabled, and keeps focus. */
  edges?: { start: boolean; end: boolean };
};

/** A back and a forward arrow button, for the gallery's row and the lightbox. */
export function StepButtons({ className, labels, onStep, edges }: Props) {
  return ([-1, 1] as const).map((step) => (
    <button
      key={step}
      type="button"
      className={className}
      onClick={() => onStep(step)}
      // Not `disabled`: a button disabled while focused drops focus to the page.
      aria-disabled={edges && (step < 0 ? edges.start : edges.end)}
      aria-label={labels[step < 0 ? 0 : 1]}
    >
      <span aria-hidden="true">{step < 0 ? "←" : "→"}</span>
    </button>
  ));
}
