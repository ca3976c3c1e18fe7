// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepFormState } from './form-keep.ts';

interface Handlers {
  onCheck?: (checked: boolean) => void;
  onRadio?: (value: string) => void;
  onNumber?: (value: string) => void;
  onSelect?: (value: string) => void;
  onUnchanged?: () => void;
}

/** A filter form as the island's server HTML has it, and as the component renders it. */
function Filters(h: Handlers) {
  return (
    <form aria-label="Filters">
      <label>
        <input
          type="radio"
          name="category"
          value="C001"
          defaultChecked
          onChange={() => h.onRadio?.('C001')}
        />
        Phones
      </label>
      <label>
        <input type="radio" name="category" value="C002" onChange={() => h.onRadio?.('C002')} />
        Cars
      </label>
      <label>
        <input type="checkbox" name="features" value="5g" onChange={(e) => h.onCheck?.(e.target.checked)} />
        5G
      </label>
      <label>
        <input type="checkbox" name="features" value="nfc" onChange={() => h.onUnchanged?.()} />
        NFC
      </label>
      <label>
        Min
        <input
          type="number"
          name="budgetMin"
          defaultValue=""
          onChange={(e) => h.onNumber?.(e.target.value)}
        />
      </label>
      <select name="releasedWithin" defaultValue="" onChange={(e) => h.onSelect?.(e.target.value)}>
        <option value="">Any time</option>
        <option value="6">Last 6 months</option>
      </select>
      <button type="submit">Apply</button>
    </form>
  );
}

/** The server's HTML, in the document, not React's. */
function serverHtml() {
  const box = document.createElement('div');
  box.innerHTML = renderToString(<Filters />);
  document.body.append(box);
  return box;
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('keepFormState', () => {
  it("does again on the component's form what the visitor did in the server's HTML, through React's handlers", () => {
    const from = serverHtml();
    from.querySelector<HTMLInputElement>('input[value="5g"]')!.click();
    from.querySelector<HTMLInputElement>('input[value="C002"]')!.click();
    from.querySelector<HTMLInputElement>('input[name="budgetMin"]')!.value = '20000';
    from.querySelector<HTMLSelectElement>('select')!.value = '6';
    const redo = keepFormState(from);

    const h = {
      onCheck: vi.fn(),
      onRadio: vi.fn(),
      onNumber: vi.fn(),
      onSelect: vi.fn(),
      onUnchanged: vi.fn(),
    };
    const { container } = render(<Filters {...h} />);
    act(() => redo(container));

    expect(container.querySelector<HTMLInputElement>('input[value="5g"]')!.checked).toBe(true);
    expect(h.onCheck).toHaveBeenCalledWith(true);
    expect(container.querySelector<HTMLInputElement>('input[value="C002"]')!.checked).toBe(true);
    expect(h.onRadio).toHaveBeenCalledWith('C002');
    expect(h.onRadio).not.toHaveBeenCalledWith('C001');
    expect(container.querySelector<HTMLInputElement>('input[name="budgetMin"]')!.value).toBe('20000');
    expect(h.onNumber).toHaveBeenCalledWith('20000');
    expect(container.querySelector('select')!.value).toBe('6');
    expect(h.onSelect).toHaveBeenCalledWith('6');
    expect(h.onUnchanged).not.toHaveBeenCalled();
  });

  it('does nothing when nothing was changed', () => {
    const redo = keepFormState(serverHtml());
    const h = { onCheck: vi.fn(), onRadio: vi.fn(), onNumber: vi.fn(), onSelect: vi.fn() };
    const { container } = render(<Filters {...h} />);
    act(() => redo(container));
    for (const f of Object.values(h)) expect(f).not.toHaveBeenCalled();
  });
});
