import { AppShell, Button, createTheme, NavLink } from '@mantine/core';

import classes from './theme.module.css';

/** Primary blue, light-grey main area, small-radius nav links, buttons that lift on hover. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  components: {
    Button: Button.extend({ classNames: { root: classes.button } }),
    NavLink: NavLink.extend({ classNames: { root: classes.navLink } }),
    AppShell: AppShell.extend({ classNames: { main: classes.main } }),
  },
});
