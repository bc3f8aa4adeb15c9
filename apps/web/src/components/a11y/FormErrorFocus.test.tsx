import { Button, Checkbox, MantineProvider, Radio, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { onAnnouncement } from './announcer';
import { FormErrorFocus } from './FormErrorFocus';

const said: string[] = [];
const stop = onAnnouncement((m) => said.push(m));
afterEach(() => {
  said.length = 0;
});
afterAll(stop);

type Errors = Record<string, string>;
type Values = { name: string; company: string; city: string; kind: string; accept: boolean };
const EMPTY: Values = { name: '', company: '', city: '', kind: '', accept: false };

interface TestFormProps {
  check?: (v: Values) => Errors;
  save?: (v: Values) => Promise<Errors>;
  /** Its fields disabled while it sends, enabled a moment after the server's errors are set. */
  disabledWhileSending?: boolean;
}

/** A form as the portal writes them: Mantine inputs given `error` through getInputProps. */
function TestForm({ check, save, disabledWhileSending = false }: TestFormProps) {
  const form = useForm<Values>({ initialValues: EMPTY, validate: check });
  const [sending, setSending] = useState(false);
  const submit = form.onSubmit(async (v) => {
    setSending(disabledWhileSending);
    form.setErrors((await save?.(v)) ?? {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    setSending(false);
  });
  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={sending}>
        <TextInput label="Name" {...form.getInputProps('name')} />
        <TextInput label="Company" {...form.getInputProps('company')} />
        <TextInput label="City" {...form.getInputProps('city')} />
        <Radio.Group label="Kind" {...form.getInputProps('kind')}>
          <Radio value="home" label="Home" />
          <Radio value="work" label="Work" />
        </Radio.Group>
        <Checkbox label="I accept" {...form.getInputProps('accept', { type: 'checkbox' })} />
      </fieldset>
      <Button type="submit">Save</Button>
    </form>
  );
}

function renderForm(props: TestFormProps) {
  return render(
    <MantineProvider>
      <FormErrorFocus />
      <TestForm {...props} />
    </MantineProvider>,
  );
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('a failed submit: focus on the first invalid field, the count announced', () => {
  it('client validation: focus moves to the first field in error and the count is said', async () => {
    renderForm({ check: (v) => ({ ...(v.company ? {} : { company: 'Required' }), ...(v.city ? {} : { city: 'Required' }) }) });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const company = screen.getByRole('textbox', { name: 'Company' });
    await waitFor(() => expect(company).toHaveFocus());
    expect(company).toHaveAccessibleDescription('Required');
    expect(said).toEqual(['2 fields need attention']);
  });

  it("the server's field errors: focus moves when they arrive, once", async () => {
    let answer: (errors: Errors) => void = () => undefined;
    renderForm({ save: () => new Promise((resolve) => (answer = resolve)) });
    const save = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    await settle();
    expect(said).toEqual([]);
    await act(async () => answer({ city: 'No such city' }));
    const city = screen.getByRole('textbox', { name: 'City' });
    await waitFor(() => expect(city).toHaveFocus());
    expect(city).toHaveAccessibleDescription('No such city');
    expect(said).toEqual(['1 field needs attention']);
  });

  it('a radio group and a checkbox in error count, and focus goes into the group', async () => {
    renderForm({ check: (v) => ({ ...(v.kind ? {} : { kind: 'Choose one' }), ...(v.accept ? {} : { accept: 'Please accept' }) }) });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Home' })).toHaveFocus());
    expect(screen.getByRole('radiogroup', { name: 'Kind' })).toHaveAccessibleDescription('Choose one');
    expect(screen.getByRole('checkbox', { name: 'I accept' })).toHaveAccessibleDescription('Please accept');
    expect(said).toEqual(['2 fields need attention']);
  });

  it('the same errors submitted again are said again', async () => {
    renderForm({ check: (v): Errors => (v.company ? {} : { company: 'Required' }) });
    const save = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    await waitFor(() => expect(said).toEqual(['1 field needs attention']));
    await userEvent.click(save);
    await waitFor(() => expect(said).toEqual(['1 field needs attention', '1 field needs attention']));
    expect(screen.getByRole('textbox', { name: 'Company' })).toHaveFocus();
  });

  it('a valid submit says nothing and leaves focus where it was', async () => {
    renderForm({ check: () => ({}), save: async () => ({}) });
    const save = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    await settle();
    expect(said).toEqual([]);
    expect(save).toHaveFocus();
  });

  it('errors that arrive after the user typed again take no focus', async () => {
    let answer: (errors: Errors) => void = () => undefined;
    renderForm({ save: () => new Promise((resolve) => (answer = resolve)) });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.type(name, 'A');
    await act(async () => answer({ city: 'No such city' }));
    await settle();
    expect(name).toHaveFocus();
    expect(said).toEqual([]);
  });

  it('errors that arrive while the form is disabled are focused once it is enabled again', async () => {
    let answer: (errors: Errors) => void = () => undefined;
    renderForm({ save: () => new Promise((resolve) => (answer = resolve)), disabledWhileSending: true });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await act(async () => answer({ company: 'Taken' }));
    const company = screen.getByRole('textbox', { name: 'Company' });
    expect(company).toBeDisabled();
    await waitFor(() => expect(company).toHaveFocus());
    expect(said).toEqual(['1 field needs attention']);
  });

  it('says the count in the language on screen', async () => {
    await i18n.changeLanguage('es');
    try {
      renderForm({ check: (v) => ({ ...(v.company ? {} : { company: 'Obligatorio' }), ...(v.city ? {} : { city: 'Obligatorio' }) }) });
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(said).toEqual(['2 campos requieren atención']));
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('a field in a section that opens to show its error is focused once it shows', async () => {
    // A browser does not focus what is not displayed; jsdom does, unless told.
    const focus = HTMLElement.prototype.focus;
    const displayed = vi.spyOn(HTMLElement.prototype, 'focus').mockImplementation(function (this: HTMLElement, options) {
      if (!this.closest('[style*="display: none"]')) focus.call(this, options);
    });
    try {
      render(
        <MantineProvider>
          <FormErrorFocus />
          <SectionForm />
        </MantineProvider>,
      );
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.getByRole('textbox', { name: 'Discount' })).toHaveFocus());
      expect(said).toEqual(['1 field needs attention']);
    } finally {
      displayed.mockRestore();
    }
  });
});

/** A form whose field in error sits in a closed section, opened a moment after the error shows (an accordion's). */
function SectionForm() {
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!error) return;
    const opening = setTimeout(() => setOpen(true), 20);
    return () => clearTimeout(opening);
  }, [error]);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setError('Too large');
      }}
    >
      <div style={{ display: open ? 'block' : 'none' }}>
        <TextInput label="Discount" error={error} />
      </div>
      <Button type="submit">Save</Button>
    </form>
  );
}
