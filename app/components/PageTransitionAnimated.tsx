import { createRef, useRef, type ReactNode, type RefObject } from "react";
import { CSSTransition, SwitchTransition } from "react-transition-group";
import { upgradeLateFont } from "~/lib/late-font";
import { whenFaded } from "./page-fade";

/**
 * The page transition's machinery (react-transition-group), loaded when the
 * first navigation starts (PageTransition.tsx): the first page of a visit
 * fades out by hand, and this takes over from the second page on, which
 * "appears" with the same fade as every later page enters.
 */
const CLASS_NAMES = {
  appear: "page-fade-enter",
  appearActive: "page-fade-enter-active",
  appearDone: "page-fade-enter-done",
  enter: "page-fade-enter",
  enterActive: "page-fade-enter-active",
  enterDone: "page-fade-enter-done",
  exit: "page-fade-exit",
  exitActive: "page-fade-exit-active",
  exitDone: "page-fade-exit-done",
};

type Props = {
  pageKey: string;
  /** The page with the router state it was rendered with (frozen while it fades out). */
  children: ReactNode;
  reducedMotion: boolean;
  onExit(): void;
  onEnter(node: HTMLDivElement | null, pageKey: string): void;
};

export function AnimatedPages({ pageKey, children, reducedMotion, onExit, onEnter }: Props) {
  const refs = useRef(new Map<string, RefObject<HTMLDivElement | null>>());
  let nodeRef = refs.current.get(pageKey);
  if (!nodeRef) {
    nodeRef = createRef<HTMLDivElement>();
    refs.current.set(pageKey, nodeRef);
  }
  const ref = nodeRef;
  return (
    <SwitchTransition mode="out-in">
      <CSSTransition
        key={pageKey}
        nodeRef={ref}
        appear
        // Done when the fade has really ended (so the last frame painted is opacity 0). No
        // `timeout`: react-transition-group would end the fade by the clock as well.
        addEndListener={(done) => whenFaded(ref.current, reducedMotion, done)}
        classNames={CLASS_NAMES}
        onExit={onExit}
        onEnter={() => {
          // While no page is on screen: the font can change without a reader seeing it.
          upgradeLateFont();
          onEnter(ref.current, pageKey);
          // Refs of pages that are gone are not needed any more.
          for (const path of refs.current.keys()) if (path !== pageKey) refs.current.delete(path);
        }}
      >
        <div ref={ref} className="page-transition" data-path={pageKey}>
          {children}
        </div>
      </CSSTransition>
    </SwitchTransition>
  );
}
