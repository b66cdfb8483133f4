// Over 350 lines on purpose: the privacy policy's own text, which reads best in one place.
import { paths } from '@eisteddfod/shared';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { ContactLine } from './components/ContactLine.tsx';
import { LegalPage, type LegalSection } from './components/LegalPage.tsx';
import classes from './components/legal.module.css';

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          The Online Eisteddfod is an annual online arts competition for school students, run by its
          host school in South Africa (named on the home page). The host school decides why and how
          your personal information is processed, so it is the <em>responsible party</em> under the
          Protection of Personal Information Act 4 of 2013 (POPIA).
        </p>
        <p>
          Our Information Officer deals with every question and request about personal information.
          You reach them through <ContactLine />.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <>
        <h3>About you, the parent or guardian</h3>
        <ul>
          <li>Your first name, surname and country.</li>
          <li>
            Your email address or mobile number, which is also how you log in: we send one-time pins
            there by email or WhatsApp instead of using a password.
          </li>
          <li>
            Your orders: the items entered, amounts, payment status and dates. Card details go
            straight to our payment provider (PayFast); we never see or store them.
          </li>
          <li>
            Security records: when pins were requested and used, and the IP address of requests, so
            that we can limit abuse and investigate misuse.
          </li>
        </ul>
        <h3>About each student (contestant)</h3>
        <ul>
          <li>First name, surname, grade, school and, if you give it, gender.</li>
          <li>If you add them, the student&apos;s own email address or mobile number.</li>
          <li>A profile picture, if you upload one.</li>
          <li>
            The entries: the items chosen, instruments, the names, grades, schools and genders of
            the other members of a duo or group, the uploaded performances, artworks and supporting
            files, and the honour pledge you accepted.
          </li>
          <li>
            Results: rubric scores, the medal, the adjudicator&apos;s comment and the certificate.
          </li>
        </ul>
        <h3>When you contact us</h3>
        <p>
          Your name, email address, mobile number if you give it, and your message, kept as a
          support ticket.
        </p>
        <p>
          We do not ask for identity numbers, addresses, medical information or any other special
          personal information, and we ask you not to put it in uploads or messages.
        </p>
      </>
    ),
  },
  {
    id: 'why',
    title: 'Why we use it',
    body: (
      <>
        <p>We use personal information only to run the competition:</p>
        <ul>
          <li>to create your account and log you in with one-time pins;</li>
          <li>to register contestants, take entries and payments, and send confirmations;</li>
          <li>to let adjudicators mark the entries, and to publish results and certificates;</li>
          <li>to answer your messages and tell you about deadlines and changes to your entries;</li>
          <li>to keep the portal secure and prevent fraud.</li>
        </ul>
        <p>
          Our lawful grounds under section 11 of POPIA are your consent, the agreement you enter
          into when you register and enter (see the{' '}
          <Anchor component={Link} to={paths.termsOfService.href()} inherit underline="always">
            Terms of Service
          </Anchor>
          ), and our legitimate interest in a fair and secure competition. We do not sell personal
          information, we do not use it for advertising, and we do not make decisions about anyone
          by automated means alone: every mark is given by a person.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: "Children's information",
    body: (
      <>
        <p>
          Most contestants are under 18, so POPIA treats their information as the personal
          information of children, which may only be processed with the consent of a competent
          person (section 35). That is why a parent or guardian, not the student, opens the account
          and adds each contestant, and why adding a contestant requires you to accept the terms and
          the honour pledge on the student&apos;s behalf.
        </p>
        <p>
          We collect no more about a child than the competition needs, and we never contact a child
          directly for any other purpose.
        </p>
      </>
    ),
  },
  {
    id: 'media',
    title: 'Consent to use submissions and pictures',
    body: (
      <>
        <p>
          When you add a contestant you accept the terms, which include your consent that the
          student&apos;s submissions and profile picture may be used in event publications: the
          online gala awards, this website, the prospectus and the event&apos;s social media pages.
        </p>
        <ul>
          <li>
            In publications we name a student by first name, the initial of the surname and grade
            (for example &ldquo;Lerato M., Grade 9&rdquo;), and we may name the school.
          </li>
          <li>We never publish contact details or a student&apos;s individual scores.</li>
          <li>
            You may withdraw this consent at any time through <ContactLine />. We then stop using
            the work and picture in new publications; withdrawal does not undo publications already
            made.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'who-sees-what',
    title: 'Who sees what',
    body: (
      <>
        <div className={classes.tableWrap}>
          <table>
            <thead>
              <tr>
                <th scope="col">Who</th>
                <th scope="col">What they see</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">You</th>
                <td>
                  Your own account, your contestants, orders, uploads and results. No one
                  else&apos;s.
                </td>
              </tr>
              <tr>
                <th scope="row">Adjudicators</th>
                <td>
                  The entry file, the item and the grade. They mark blind: they do not see the
                  student&apos;s name, school, picture or your contact details.
                </td>
              </tr>
              <tr>
                <th scope="row">Organisers</th>
                <td>
                  The staff of the host school who run the competition see what they need to
                  administer entries, payments, results and support tickets.
                </td>
              </tr>
              <tr>
                <th scope="row">Service providers</th>
                <td>
                  Operators that process information for us under written agreements (section 21 of
                  POPIA): our hosting and storage provider, our email provider, WhatsApp (Meta) for
                  pins you ask to receive there, PayFast for payments, and our video hosting
                  provider for performance videos.
                </td>
              </tr>
              <tr>
                <th scope="row">The public</th>
                <td>
                  Only what is published with your consent: award winners and selected work in event
                  publications (see section 5).
                </td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>We disclose information to authorities only when the law requires it.</p>
      </>
    ),
  },
  {
    id: 'storage',
    title: 'Where it is stored and how it is protected',
    body: (
      <>
        <p>
          Your information is kept in our database and file storage, operated for us by our hosting
          provider. Some of our providers (for example email, WhatsApp and cloud storage) may
          process information outside South Africa. We only use providers in countries with laws
          that protect personal information adequately, or that are bound by agreements giving the
          same protection, as section 72 of POPIA requires.
        </p>
        <ul>
          <li>Everything travels over encrypted connections (HTTPS).</li>
          <li>
            One-time pins are stored only in a scrambled (hashed) form and expire after 10 minutes.
          </li>
          <li>
            Uploaded files are stored under names made by the server and reached only through
            short-lived links.
          </li>
          <li>Staff access is limited to the people who need it.</li>
        </ul>
        <p>
          If we ever suspect that someone has gained access to your personal information without
          authority, we will tell you and the Information Regulator as soon as reasonably possible
          (section 22).
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <div className={classes.tableWrap}>
        <table>
          <thead>
            <tr>
              <th scope="col">Information</th>
              <th scope="col">Kept for</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Your account and contestant profiles</td>
              <td>
                While your account is in use; deleted 3 years after your last entry, or sooner at
                your request
              </td>
            </tr>
            <tr>
              <td>Uploaded performances, artworks and supporting files</td>
              <td>
                12 months after the online gala awards, then deleted, except work published with
                your consent
              </td>
            </tr>
            <tr>
              <td>Results and certificates</td>
              <td>5 years, so that certificates can be issued again and results verified</td>
            </tr>
            <tr>
              <td>Orders and payment records</td>
              <td>5 years, as tax law requires</td>
            </tr>
            <tr>
              <td>Support tickets</td>
              <td>2 years after the ticket is closed</td>
            </tr>
            <tr>
              <td>Security records (pin requests, IP addresses)</td>
              <td>90 days</td>
            </tr>
          </tbody>
        </table>
      </div>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights and how to use them',
    body: (
      <>
        <p>For yourself, and for your child as their parent or guardian, you may ask us:</p>
        <ul>
          <li>
            <strong>Access:</strong> to confirm whether we hold personal information and to give you
            a copy;
          </li>
          <li>
            <strong>Correction:</strong> to correct information that is wrong or incomplete (most
            details you can change yourself under My Profile and Contestant Details);
          </li>
          <li>
            <strong>Export:</strong> to give you your information in a common machine-readable
            format (JSON or CSV);
          </li>
          <li>
            <strong>Deletion:</strong> to delete information we no longer need or may no longer
            keep;
          </li>
          <li>
            <strong>Objection and withdrawal of consent:</strong> to stop using information for a
            purpose, including the media consent in section 5.
          </li>
        </ul>
        <p>
          Send your request through <ContactLine />, with the account&apos;s email address or mobile
          number. We will confirm your identity with a one-time pin before we act, and answer within
          30 days. Access, correction, export and deletion are free of charge. Where the law
          requires us to keep something (for example payment records), we will tell you what we keep
          and why.
        </p>
      </>
    ),
  },
  {
    id: 'browser-storage',
    title: 'Cookies and browser storage',
    body: (
      <p>
        The portal keeps your login and your cart in your browser&apos;s local storage so that you
        stay logged in while you enter, and the name and progress of an upload that has not
        finished, so that it can tell you where it stopped. It sets no advertising or tracking
        cookies and uses no third-party analytics. Logging out removes your login from the browser.
      </p>
    ),
  },
  {
    id: 'complaints',
    title: 'Complaints',
    body: (
      <>
        <p>
          If you are unhappy with how we handle personal information, please tell us first through{' '}
          <ContactLine /> so that we can put it right.
        </p>
        <p>
          You also have the right to lodge a complaint with the Information Regulator (South
          Africa), the authority that enforces POPIA:{' '}
          <Anchor
            href="https://inforegulator.org.za"
            target="_blank"
            rel="noopener noreferrer"
            inherit
            underline="always"
          >
            inforegulator.org.za
          </Anchor>
          .
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We review this policy before each competition. If we change how we use personal information,
        we will update this page and the date at the top, and tell account holders by email or
        WhatsApp before the change applies to them.
      </p>
    ),
  },
];

/** /privacy-policy (spec 2, footer): how the portal handles personal information under POPIA. */
export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="1 March 2025"
      summary={
        <>
          <p>
            We collect what we need to run the competition: your contact details, your
            children&apos;s names, grades and schools, their entries and results. Adjudicators mark
            without seeing names or schools. We never sell personal information.
          </p>
          <p>
            You can ask to see, correct, export or delete it at any time through <ContactLine />.
          </p>
        </>
      }
      sections={SECTIONS}
    />
  );
}
