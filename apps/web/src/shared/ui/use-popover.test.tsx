import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePopover } from './use-popover.ts';

function Picker({ contained = false, chosen = 1 }: { contained?: boolean; chosen?: number }) {
  const { open, dismiss, rootRef, popupId, onListKeyDown, triggerProps } = usePopover({
    popup: 'listbox',
    contained,
  });
  return (
    <div ref={rootRef}>
      <button {...triggerProps}>Fruit</button>
      {open ? (
        <ul role="listbox" id={popupId} onKeyDown={onListKeyDown}>
          {['Apple', 'Banana', 'Cherry'].map((name, i) => (
            <li key={name} role="option" tabIndex={-1} aria-selected={i === chosen} onClick={dismiss}>
              {name}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const button = () => screen.getByRole('button', { name: 'Fruit' });
const option = (name: string) => screen.getByRole('option', { name });

describe('usePopover', () => {
  it('opens on a click with the focus on the chosen item, and wires the button to the list', () => {
    render(<Picker />);
    expect(button()).toHaveAttribute('aria-haspopup', 'listbox');
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(button()).toHaveAttribute('type', 'button');
    fireEvent.click(button());
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    expect(button()).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(option('Banana')).toHaveFocus();
  });

  it('focuses the first item when none is chosen, and opens with the down arrow', () => {
    render(<Picker chosen={-1} />);
    fireEvent.keyDown(button(), { key: 'ArrowDown' });
    expect(option('Apple')).toHaveFocus();
  });

  it('moves round the items with the arrows, Home and End', () => {
    render(<Picker />);
    fireEvent.click(button());
    const list = screen.getByRole('listbox');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(option('Cherry')).toHaveFocus();
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(option('Apple')).toHaveFocus();
    fireEvent.keyDown(list, { key: 'ArrowUp' });
    expect(option('Cherry')).toHaveFocus();
    fireEvent.keyDown(list, { key: 'Home' });
    expect(option('Apple')).toHaveFocus();
    fireEvent.keyDown(list, { key: 'End' });
    expect(option('Cherry')).toHaveFocus();
  });

  it('closes on Escape with the focus back on the button, and on a press outside', () => {
    render(<Picker />);
    fireEvent.click(button());
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(button()).toHaveFocus();
    fireEvent.click(button());
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('keeps Escape and Tab from a dialog around a contained list', () => {
    const around = vi.fn();
    render(
      <div onKeyDown={(e) => around(e.key)}>
        <Picker contained />
      </div>,
    );
    fireEvent.click(button());
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(button());
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Tab' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(around).not.toHaveBeenCalled();
  });

  it('lets Escape reach the page around a list that is not contained', () => {
    const around = vi.fn();
    render(
      <div onKeyDown={(e) => around(e.key)}>
        <Picker />
      </div>,
    );
    fireEvent.click(button());
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    expect(around).toHaveBeenCalledWith('Escape');
  });
});
