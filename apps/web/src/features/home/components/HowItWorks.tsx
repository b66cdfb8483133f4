import { paths } from '@eisteddfod/shared';
import { Anchor, Button, Container, Text, Title } from '@mantine/core';
import type { EventContent } from '@eisteddfod/shared';
import { Link } from 'react-router';
import { text } from '../text.ts';
import { SectionHeading } from './SectionHeading.tsx';
import classes from './home.module.css';

/** Spec 2, Home page: 'How It Works' in three steps, the first with a Register link. */
export function HowItWorks({ steps }: { steps: EventContent['howItWorks'] }) {
  return (
    <section className={classes.sectionTinted} aria-labelledby="how-title">
      <Container size="lg">
        <SectionHeading id="how-title" eyebrow={text('howEyebrow')} title={text('howTitle')}>
          {text('howLead')}
        </SectionHeading>
        <ol className={classes.steps}>
          {steps.map((step, index) => (
            <li key={step.title} className={classes.step}>
              <span className={classes.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <Title order={3} className={classes.cardTitle}>
                <span className={classes.visuallyHidden}>
                  {text('step', { number: index + 1 })}
                </span>
                {step.title}
              </Title>
              <Text className={classes.cardText}>{step.text}</Text>
              {index === 0 && (
                <Anchor
                  component={Link}
                  to={paths.register.href()}
                  fw={700}
                  className={classes.stepLink}
                >
                  {text('register')}
                </Anchor>
              )}
            </li>
          ))}
        </ol>
        <div className={classes.sectionAction}>
          <Button component={Link} to={paths.register.href()} size="md">
            {text('enterNow')}
          </Button>
        </div>
      </Container>
    </section>
  );
}
