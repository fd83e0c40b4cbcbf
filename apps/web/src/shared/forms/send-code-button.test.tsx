import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TranslatorProvider } from '../i18n/react.tsx';
import { createTranslator, type Translator } from '../i18n/translator.ts';
import { patternMessages } from '@app/contract';
import accounts from '../../locales/accounts/en.json';
import { SendCodeButton } from './send-code-button.tsx';
import { secondsUntil, smsCountdownSeconds } from './use-countdown.ts';

let instance: Translator;
beforeEach(() => {
  vi.useFakeTimers();
  instance = createTranslator({
    language: 'en',
    resources: { en: { accounts, forms: patternMessages } },
    defaultNamespace: 'accounts',
  });
});
afterEach(() => vi.useRealTimers());

function renderButton(onSend: () => Promise<number | null>, validate?: () => Promise<boolean>) {
  return render(
    <TranslatorProvider translator={instance}>
      <SendCodeButton onSend={onSend} validate={validate} testId="send" />
    </TranslatorProvider>,
  );
}

describe('the SMS code button', () => {
  it('SV-06 SV-08 SV-09 after a send it reads "code sent (n)" for expiredMinutes × 60 s, then is sendable again', async () => {
    const onSend = vi.fn(async () => smsCountdownSeconds(2));
    renderButton(onSend);
    const button = screen.getByTestId('send');
    expect(button).toHaveTextContent('Send code');
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button).toHaveTextContent('Code sent (120)');
    expect(button).toBeDisabled();
    await act(async () => {
      vi.advanceTimersByTime(61_000);
    });
    expect(button).toHaveTextContent('Code sent (59)');
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(button).toHaveTextContent('Send code');
    expect(button).toBeEnabled();
  });

  it('SV-10 presses closer than 1000 ms apart send once', async () => {
    const onSend = vi.fn(async () => null);
    renderButton(onSend);
    const button = screen.getByTestId('send');
    await act(async () => {
      fireEvent.click(button);
    });
    await act(async () => {
      vi.advanceTimersByTime(400);
      fireEvent.click(button);
    });
    expect(onSend).toHaveBeenCalledTimes(1);
    await act(async () => {
      vi.advanceTimersByTime(700);
      fireEvent.click(button);
    });
    expect(onSend).toHaveBeenCalledTimes(2);
  });

  it('SV-10 a press stopped by validation sends nothing and does not hold back the corrected number', async () => {
    const onSend = vi.fn(async () => null);
    let valid = false;
    renderButton(onSend, async () => valid);
    const button = screen.getByTestId('send');
    await act(async () => {
      fireEvent.click(button);
    });
    expect(onSend).not.toHaveBeenCalled();
    valid = true;
    await act(async () => {
      vi.advanceTimersByTime(200);
      fireEvent.click(button);
    });
    expect(onSend).toHaveBeenCalledTimes(1);
    // A double click while the first press is still running sends once.
    await act(async () => {
      vi.advanceTimersByTime(1500);
      fireEvent.click(button);
      fireEvent.click(button);
    });
    expect(onSend).toHaveBeenCalledTimes(2);
  });

  it('SV-06 PW-08 the countdown lengths: minutes × 60, or the seconds to an expiry time', () => {
    expect(smsCountdownSeconds(5)).toBe(300);
    expect(secondsUntil(10_500, 0)).toBe(11);
    expect(secondsUntil(0, 5)).toBe(0);
  });
});
