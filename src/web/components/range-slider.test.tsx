// @vitest-environment jsdom
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RangeSlider, type RangeSliderProps } from './range-slider.tsx';

const mAh = (v: number) => `${v.toLocaleString('en-IN')} mAh`;

/** A battery slider, 3,000 to 7,000 mAh in steps of 500. */
const battery = (value: [number, number], extra: Partial<RangeSliderProps> = {}) => (
  <RangeSlider
    label="Battery"
    min={3000}
    max={7000}
    step={500}
    value={value}
    onChange={() => {}}
    format={mAh}
    names={['prime1Min', 'prime1Max']}
    {...extra}
  />
);

/** Each <input> of server markup as a map of its attributes (values unescaped). */
function inputs(html: string): Record<string, string>[] {
  return [...html.matchAll(/<input\b([^>]*)\/?>/g)].map(([, attrs]) =>
    Object.fromEntries(
      [...attrs!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [
        name!,
        (value ?? '')
          .replace(/&amp;/g, '&')
          .replace(/&#x27;/g, "'")
          .replace(/&quot;/g, '"'),
      ]),
    ),
  );
}

/** React's server renderer separates adjacent text nodes with empty comments. */
const serverHtml = (element: React.ReactElement) => renderToString(element).replace(/<!-- -->/g, '');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('RangeSlider on the server', () => {
  it('renders two range inputs over the same bounds and step, labelled minimum and maximum', () => {
    const html = serverHtml(battery([4500, 6000]));
    const [lo, hi, ...rest] = inputs(html);
    expect(rest).toEqual([]);
    for (const input of [lo!, hi!])
      expect(input).toMatchObject({ type: 'range', min: '3000', max: '7000', step: '500' });
    expect(lo).toMatchObject({
      value: '4500',
      'aria-label': 'Minimum battery',
      'aria-valuetext': '4,500 mAh',
    });
    expect(hi).toMatchObject({
      value: '6000',
      'aria-label': 'Maximum battery',
      'aria-valuetext': '6,000 mAh',
    });
    // The group is named by the visible label, and the current range is shown as text.
    const labelId = /role="group" aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(labelId).toBeTruthy();
    expect(html).toContain(`id="${labelId}" class="range-slider-label">Battery</span>`);
    expect(html).toMatch(/<output[^>]*>4,500 mAh – 6,000 mAh<\/output>/);
  });

  it('names both ends, even at their bounds, so a thumb moved without JavaScript is submitted', () => {
    const names = (value: [number, number]) => inputs(serverHtml(battery(value))).map((i) => i.name);
    expect(names([3000, 7000])).toEqual(['prime1Min', 'prime1Max']);
    expect(names([4500, 6000])).toEqual(['prime1Min', 'prime1Max']);
    expect(inputs(serverHtml(battery([4500, 6000], { names: undefined }))).map((i) => i.name)).toEqual([
      undefined,
      undefined,
    ]);
  });

  it('formats with Indian digit grouping', () => {
    const html = serverHtml(
      battery([150000, 250000], {
        label: 'Budget',
        min: 0,
        max: 300000,
        step: 5000,
        format: (v) => `₹${v.toLocaleString('en-IN')}`,
        names: ['budgetMin', 'budgetMax'],
      }),
    );
    const fields = inputs(html);
    expect(fields.map((i) => i['aria-valuetext'])).toEqual(['₹1,50,000', '₹2,50,000']);
    expect(fields.map((i) => i['aria-label'])).toEqual(['Minimum budget', 'Maximum budget']);
    expect(html).toContain('₹1,50,000 – ₹2,50,000');
  });

  it('puts the minimum thumb on top when it reaches the top end, so it can still be moved', () => {
    expect(inputs(serverHtml(battery([7000, 7000])))[0]!.class).toBe('range-slider-top');
    expect(inputs(serverHtml(battery([4500, 7000])))[0]!.class).toBeUndefined();
  });

  it('renders disabled inputs when disabled', () => {
    const fields = inputs(serverHtml(battery([4500, 6000], { disabled: true })));
    expect(fields.every((i) => 'disabled' in i)).toBe(true);
  });
});

/** A slider holding its own value, as a page would, inside a form. */
function Harness(props: { initial: [number, number]; onCommit?: (v: [number, number]) => void }) {
  const [value, setValue] = useState(props.initial);
  return <form aria-label="filters">{battery(value, { onChange: setValue, onCommit: props.onCommit })}</form>;
}

const sliders = (root: ParentNode) => [...root.querySelectorAll<HTMLInputElement>('input[type=range]')];
const fields = (form: HTMLFormElement) =>
  [...new FormData(form)].map(([k, v]) => `${k}=${String(v)}`).join('&');

describe('RangeSlider in the browser', () => {
  it('hydrates the server markup without a mismatch, then drops the names of ends at their bounds', async () => {
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Harness initial={[4500, 7000]} />);
    expect(fields(container.querySelector('form')!)).toBe('prime1Min=4500&prime1Max=7000');
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Harness initial={[4500, 7000]} />, {
        onRecoverableError: recoverable,
      });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(fields(container.querySelector('form')!)).toBe('prime1Min=4500');
    act(() => root!.unmount());
    container.remove();
  });

  it('names an end only while it is away from its bound, and keeps the thumbs from crossing', () => {
    const onCommit = vi.fn();
    const { container } = render(<Harness initial={[3000, 7000]} onCommit={onCommit} />);
    const form = container.querySelector('form')!;
    const [lo, hi] = sliders(container) as [HTMLInputElement, HTMLInputElement];
    expect(fields(form)).toBe('');

    fireEvent.change(lo, { target: { value: '4500' } });
    expect(fields(form)).toBe('prime1Min=4500');
    expect(lo.getAttribute('aria-valuetext')).toBe('4,500 mAh');
    expect(container.querySelector('output')!.textContent).toBe('4,500 mAh – 7,000 mAh');

    fireEvent.change(hi, { target: { value: '6000' } });
    expect(fields(form)).toBe('prime1Min=4500&prime1Max=6000');

    // The maximum stops at the minimum, and the minimum at the maximum.
    fireEvent.change(hi, { target: { value: '3500' } });
    expect(hi.value).toBe('4500');
    fireEvent.change(hi, { target: { value: '6000' } });
    fireEvent.change(lo, { target: { value: '7000' } });
    expect(lo.value).toBe('6000');
    expect(fields(form)).toBe('prime1Min=6000&prime1Max=6000');

    // Letting go commits the value as shown.
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.keyUp(lo, { key: 'End' });
    expect(onCommit).toHaveBeenLastCalledWith([6000, 6000]);
    fireEvent.change(lo, { target: { value: '3000' } });
    fireEvent.pointerUp(lo);
    expect(onCommit).toHaveBeenLastCalledWith([3000, 6000]);
    expect(fields(form)).toBe('prime1Max=6000');
  });
});
