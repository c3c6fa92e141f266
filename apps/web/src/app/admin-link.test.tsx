import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { renderApp, signInAs } from '../test/render-app';
import { CUSTOMER_USER, stubAdminApi } from '../test/admin-fixtures';

const header = () => screen.getByRole('banner');

describe("the header's 'Quản trị' link", () => {
  it('shows for an admin and leads to /admin', async () => {
    signInAs();
    stubAdminApi();
    renderApp('/');

    const links = await within(header()).findAllByRole('link', { name: 'Quản trị' });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute('href', '/admin');
  });

  it('stays hidden for a customer', async () => {
    signInAs();
    stubAdminApi({}, CUSTOMER_USER);
    renderApp('/');

    expect(await within(header()).findByRole('button', { name: 'Tài khoản: Nguyễn Văn An' })).toBeInTheDocument();
    expect(within(header()).queryByRole('link', { name: 'Quản trị' })).not.toBeInTheDocument();
  });

  it('stays hidden when signed out', async () => {
    stubFetch({});
    renderApp('/');

    expect(await within(header()).findByRole('link', { name: 'Đăng nhập' })).toBeInTheDocument();
    expect(within(header()).queryByRole('link', { name: 'Quản trị' })).not.toBeInTheDocument();
  });
});
