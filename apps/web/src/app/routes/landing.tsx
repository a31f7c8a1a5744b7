import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from '@mantine/core';
import {
  IconCheck,
  IconCloudUpload,
  IconDatabase,
  IconFileDescription,
  IconLock,
  IconRobot,
  IconScale,
  IconShieldCheck,
  IconTable,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { Logo } from '@/components/logo';

/** Spec section 9: the tagline rotates every 3000 ms among 3 messages. */
const TAGLINE_INTERVAL_MS = 3000;
const TAGLINES = [
  'Turn invoices, receipts and forms into structured data.',
  'AI extraction with a human in the loop.',
  'From upload to approved export in minutes.',
] as const;

const FORMATS = ['PDF', 'JPG / PNG', 'TIFF', 'Handwritten & digital'] as const;

const OFFERS = [
  {
    icon: IconFileDescription,
    title: 'Custom document types',
    text: 'Start from a preset (invoice, receipt, handwritten log) or let AI suggest the fields from an example, then refine them in a visual builder.',
  },
  {
    icon: IconTable,
    title: 'Fields, arrays and tables',
    text: 'Extract single values and whole line-item tables, with a confidence score for every field.',
  },
  {
    icon: IconRobot,
    title: 'Optional AI agents',
    text: 'A data entry agent completes and cleans fields; a reconciliation agent cross-checks totals and rules.',
  },
  {
    icon: IconCheck,
    title: 'Review and approval',
    text: 'Reviewers correct the data side by side with the document and can send it to a colleague for approval.',
  },
  {
    icon: IconDatabase,
    title: 'Exports',
    text: 'Download approved documents as ZIP, JSON, CSV or Excel, or deliver them to a webhook.',
  },
  {
    icon: IconCloudUpload,
    title: 'Simple pipelines',
    text: 'Extract then Send, or Extract then Review then Send, per document type.',
  },
];

const ROADMAP = [
  {
    term: 'Short term',
    items: ['Document detail pages', 'Admin console for team and plans', 'More presets'],
  },
  {
    term: 'Mid term',
    items: ['Scheduled exports and integrations', 'Classification of mixed batches', 'Audit trail'],
  },
  {
    term: 'Long term',
    items: [
      'Learning from reviewer corrections',
      'Multi-step approval chains',
      'On-premise deployment',
    ],
  },
];

const STEPS = [
  {
    title: 'Define a document type',
    text: 'Pick a preset or upload an example and let AI propose the fields and tables.',
  },
  {
    title: 'Process documents',
    text: 'Upload PDFs, images or scans; each file is validated against the type and extracted.',
  },
  {
    title: 'Data entry agent',
    text: 'Optionally fix OCR errors, standardise formats and fill gaps from your knowledge documents.',
  },
  {
    title: 'Recon agent',
    text: 'Optionally check totals, required fields, formats and business rules.',
  },
  {
    title: 'Review and ship',
    text: 'A person reviews and approves; the result is exported or sent to your webhook.',
  },
];

const DEEP_DIVE = [
  'Text layer first: digital PDFs are read directly, scans and photos go through OCR with layout.',
  'Field and table extraction driven by your type definition, with per-field confidence.',
  'Knowledge (RAG) documents and custom instructions steer the agents.',
  'Every pipeline step is a durable job, so a restart never loses work.',
];

const SECURITY = [
  { icon: IconLock, text: 'Every request is scoped to your company; data never crosses tenants.' },
  {
    icon: IconShieldCheck,
    text: 'Short-lived access tokens in memory and an httpOnly refresh cookie.',
  },
  {
    icon: IconScale,
    text: 'Human approval before anything leaves the system, with roles for admins and members.',
  },
];

function RotatingTagline() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(
      () => setIndex((i) => (i + 1) % TAGLINES.length),
      TAGLINE_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, []);
  return (
    <Text size="xl" c="dimmed" ta="center" aria-live="polite" data-testid="tagline">
      {TAGLINES[index]}
    </Text>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" py={48}>
      <Title order={2} ta="center" mb="xl">
        {title}
      </Title>
      {children}
    </Box>
  );
}

export function LandingRoute() {
  return (
    <Box bg="gray.0" mih="100vh">
      <Container size="lg">
        <Group py="md">
          <Group gap="xs">
            <Logo />
            <Text fw={700} size="lg">
              Parser
            </Text>
          </Group>
        </Group>

        <Stack align="center" gap="lg" py={64}>
          <Title order={1} fz={56} ta="center">
            Parser
          </Title>
          <RotatingTagline />
          <Group gap="xs" justify="center">
            {FORMATS.map((format) => (
              <Badge key={format} variant="light" size="lg">
                {format}
              </Badge>
            ))}
          </Group>
          <Group gap="md" justify="center">
            <Button component={Link} to="/signup" size="lg">
              Explore the Demo
            </Button>
            <Button component={Link} to="/login" size="lg" variant="default">
              Sign In
            </Button>
          </Group>
        </Stack>

        <Section title="What Parser offers today">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {OFFERS.map((offer) => (
              <Card key={offer.title} withBorder radius="md" padding="lg">
                <ThemeIcon variant="light" size="lg" mb="sm">
                  <offer.icon size={20} />
                </ThemeIcon>
                <Text fw={600} mb={4}>
                  {offer.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {offer.text}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Section>

        <Section title="Roadmap">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            {ROADMAP.map((tier) => (
              <Card key={tier.term} withBorder radius="md" padding="lg">
                <Text fw={600} mb="sm">
                  {tier.term}
                </Text>
                <List size="sm" spacing={4}>
                  {tier.items.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List>
              </Card>
            ))}
          </SimpleGrid>
        </Section>

        <Section title="How it works">
          <Container size="sm">
            <Timeline active={STEPS.length - 1} bulletSize={28}>
              {STEPS.map((step, i) => (
                <Timeline.Item
                  key={step.title}
                  bullet={<Text size="xs">{i + 1}</Text>}
                  title={step.title}
                >
                  <Text size="sm" c="dimmed">
                    {step.text}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Container>
        </Section>

        <Section title="Technical deep-dive">
          <Container size="sm">
            <List
              spacing="sm"
              icon={
                <ThemeIcon size={20} radius="xl" variant="light">
                  <IconCheck size={12} />
                </ThemeIcon>
              }
            >
              {DEEP_DIVE.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          </Container>
        </Section>

        <Section title="Security & compliance">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            {SECURITY.map((item) => (
              <Card key={item.text} withBorder radius="md" padding="lg">
                <ThemeIcon variant="light" color="green" size="lg" mb="sm">
                  <item.icon size={20} />
                </ThemeIcon>
                <Text size="sm">{item.text}</Text>
              </Card>
            ))}
          </SimpleGrid>
        </Section>

        <Stack align="center" gap="md" py={64}>
          <Title order={2} ta="center">
            Ready to try it?
          </Title>
          <Text c="dimmed" ta="center">
            Create an account in a minute and process your first document.
          </Text>
          <Group gap="md">
            <Button component={Link} to="/signup" size="md">
              Sign Up
            </Button>
            <Button component={Link} to="/login" size="md" variant="default">
              Sign In
            </Button>
          </Group>
        </Stack>
      </Container>

      <Box
        component="footer"
        py="lg"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Text size="sm" c="dimmed" ta="center">
          © {new Date().getFullYear()} Parser. All rights reserved.
        </Text>
      </Box>
    </Box>
  );
}
