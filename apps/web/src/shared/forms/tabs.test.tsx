import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { Tabs, type TabOption } from './tabs.tsx';

/**
 * The one tab list of the site (ARIA tabs pattern): the login and register forms, the agent
 * centre, the lottery's game sections and play groups and the promotions' categories use it, each
 * with its own look.
 */
const options: TabOption<'a' | 'b' | 'c'>[] = [
  { key: 'a', label: 'Alpha' },
  { key: 'b', label: 'Beta' },
  { key: 'c', label: 'Gamma' },
];

function Harness({ offered = options, classes }: { offered?: typeof options; classes?: boolean }) {
  const [value, setValue] = useState<'a' | 'b' | 'c'>('a');
  return (
    <>
      <Tabs
        options={offered}
        value={value}
        onChange={setValue}
        label="Letters"
        panelId="letters-panel"
        idPrefix="letter"
        className={classes ? 'own-list' : undefined}
        tabClassName={classes ? 'own-tab' : undefined}
        tabTestId={(k) => `letter-${k}`}
      />
      <div role="tabpanel" id="letters-panel" aria-labelledby={`letter-${value}`}>
        {value}
      </div>
    </>
  );
}

describe('Tabs', () => {
  it('arrows move the choice and the focus round the list; Home and End jump to the ends', () => {
    render(<Harness />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('Alpha')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Alpha')).toHaveAttribute('tabindex', '0');
    expect(tab('Beta')).toHaveAttribute('tabindex', '-1');
    expect(tab('Beta')).toHaveAttribute('aria-controls', 'letters-panel');

    fireEvent.keyDown(tab('Alpha'), { key: 'ArrowRight' });
    expect(tab('Beta')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Beta')).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Beta' })).toHaveTextContent('b');

    fireEvent.keyDown(tab('Beta'), { key: 'End' });
    expect(tab('Gamma')).toHaveFocus();
    fireEvent.keyDown(tab('Gamma'), { key: 'ArrowRight' });
    expect(tab('Alpha')).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tab('Alpha'), { key: 'ArrowLeft' });
    expect(tab('Gamma')).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tab('Gamma'), { key: 'Home' });
    expect(tab('Alpha')).toHaveFocus();

    fireEvent.click(tab('Beta'));
    expect(tab('Beta')).toHaveAttribute('aria-selected', 'true');
  });

  it("a page's own classes replace the form's; each tab carries its test id", () => {
    render(<Harness classes />);
    expect(screen.getByRole('tablist', { name: 'Letters' })).toHaveClass('own-list');
    expect(screen.getByTestId('letter-b')).toHaveClass('own-tab');
  });

  it('with one option there is nothing to choose and no tab list', () => {
    render(<Harness offered={options.slice(0, 1)} />);
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});
