import { Button, Menu } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CoreProviders } from './coreProviders';

describe("the theme's menus", () => {
  it('hold only their items (no focus placeholder of their own)', async () => {
    render(
      <CoreProviders>
        <Menu>
          <Menu.Target>
            <Button>Options for Acme</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>Edit</Menu.Item>
            <Menu.Item color="red">Delete</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </CoreProviders>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Options for Acme' }));
    const menu = await screen.findByRole('menu');
    expect(Array.from(menu.children).map((child) => child.getAttribute('role'))).toEqual(['menuitem', 'menuitem']);
  });
});
