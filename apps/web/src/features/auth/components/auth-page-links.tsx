import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

export interface AuthPageLinksProps {
  /** The question before the link, e.g. 'Already have an account?'. */
  question: string;
  /** The link's text. */
  linkLabel: string;
  /** Where the link goes (the other auth page). */
  to: string;
}

/** Under the login and sign-up forms: the way to the other page, then 'Back to Home'. */
export function AuthPageLinks({ question, linkLabel, to }: AuthPageLinksProps) {
  return (
    <>
      <Text size="sm" ta="center">
        {question}{' '}
        <Anchor component={Link} to={to}>
          {linkLabel}
        </Anchor>
      </Text>
      <Group justify="center">
        <Anchor component={Link} to="/" size="sm" c="dimmed">
          Back to Home
        </Anchor>
      </Group>
    </>
  );
}
