import { useId, useSyncExternalStore } from 'react';
import { browseTexts } from './browse/texts.ts';

export interface RangeSliderProps {
  /** The group's visible name, e.g. 'Budget'. Each thumb is named 'Minimum …' and 'Maximum …' after it. */
  label: string;
  min: number;
  max: number;
  step: number;
  value: readonly [number, number];
  onChange(value: [number, number]): void;
  /** The user let go of a thumb (pointer up, or a key released): a good moment to apply a filter. */
  onCommit?(value: [number, number]): void;
  /** How a value reads on screen and to a screen reader, e.g. ₹10,000. */
  format(value: number): string;
  /**
   * Form field names for the two ends; once hydrated, a name is left off while its end sits at the bound (no
   * filter). The server's markup names both ends, so that without JavaScript a moved thumb is still submitted.
   */
  names?: readonly [string, string];
  disabled?: boolean;
}

const noSubscription = () => () => {};
/** False on the server and while hydrating its markup; true once React runs the page in the browser. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * A range with two thumbs, made of two native range inputs laid over one track: each thumb is a real slider
 * with its own label and the platform's keyboard support (arrows, Page Up/Down, Home, End). The thumbs cannot
 * cross. The filled part of the track is an SVG rectangle, since the content security policy allows no style
 * attributes.
 */
export function RangeSlider(props: RangeSliderProps) {
  const { label, min, max, step, format, names, disabled } = props;
  const [lo, hi] = props.value;
  const id = useId();
  const t = browseTexts.useT();
  const hydrated = useHydrated();
  const pct = (v: number) => ((Math.min(max, Math.max(min, v)) - min) / (max - min || 1)) * 100;
  const set = (end: 0 | 1, raw: number): [number, number] =>
    end === 0 ? [Math.min(raw, hi), hi] : [lo, Math.max(raw, lo)];
  const commit = (end: 0 | 1) => (e: { currentTarget: HTMLInputElement }) =>
    props.onCommit?.(set(end, Number(e.currentTarget.value)));

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="range-slider">
      <div className="range-slider-head">
        <span id={`${id}-label`} className="range-slider-label">
          {label}
        </span>
        <output htmlFor={`${id}-lo ${id}-hi`} className="range-slider-value">
          {format(lo)} – {format(hi)}
        </output>
      </div>
      <div className="range-slider-track">
        <svg viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true" focusable="false">
          <rect width="100" height="6" rx="3" className="range-slider-rail" />
          <rect x={pct(lo)} width={Math.max(0, pct(hi) - pct(lo))} height="6" className="range-slider-fill" />
        </svg>
        {([lo, hi] as const).map((v, end) => (
          <input
            key={end}
            id={`${id}-${end === 0 ? 'lo' : 'hi'}`}
            type="range"
            min={min}
            max={max}
            step={step}
            value={v}
            disabled={disabled}
            // Without JavaScript nothing could take a name off or put it back, so the server names both ends.
            name={names && (!hydrated || v !== (end === 0 ? min : max)) ? names[end] : undefined}
            aria-label={t(end === 0 ? 'minimum' : 'maximum', { label: label.toLowerCase() })}
            aria-valuetext={format(v)}
            // The upper thumb sits on top, except at the top end, where only the lower one can still move.
            className={end === 0 && lo >= max - step ? 'range-slider-top' : undefined}
            onChange={(e) => props.onChange(set(end as 0 | 1, Number(e.currentTarget.value)))}
            onPointerUp={commit(end as 0 | 1)}
            onKeyUp={commit(end as 0 | 1)}
          />
        ))}
      </div>
    </div>
  );
}
