import { paths } from '@eisteddfod/shared';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { ContactLine } from './components/ContactLine.tsx';
import { LegalPage, type LegalSection } from './components/LegalPage.tsx';

const SECTIONS: LegalSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms apply to the Online Eisteddfod entry portal and to every entry made through
          it. The competition is run by its host school in South Africa (&ldquo;we&rdquo;, the
          organisers). By creating an account you confirm that you are at least 18 years old and the
          parent or legal guardian of each student you enter, or authorised by them, and that you
          accept these terms on your own and the student&apos;s behalf.
        </p>
        <p>
          How we handle personal information is set out in the{' '}
          <Anchor component={Link} to={paths.privacyPolicy.href()} inherit underline="always">
            Privacy Policy
          </Anchor>
          .
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>
          You log in with one-time pins sent to your email address or mobile number. Keep access to
          them to yourself: what is done with your account is your responsibility.
        </li>
        <li>Give true and complete details for yourself and for each student.</li>
        <li>
          Each student is registered individually, with their own contestant profile, also when they
          take part in duo or group items.
        </li>
      </ul>
    ),
  },
  {
    id: 'entries',
    title: 'Entries',
    body: (
      <ul>
        <li>Choose items that match the student&apos;s grade and the section&apos;s rules.</li>
        <li>
          For a duo or group item, you confirm that the parents or guardians of every member you
          name agree to their child taking part on these terms.
        </li>
        <li>
          Entries close at 23:59 South African Standard Time on the registration deadline shown
          under Key dates. Entries made in the last-minute period carry the late-entry surcharge.
        </li>
        <li>An entry is confirmed only once its payment has been received.</li>
        <li>
          Before an item&apos;s due date you may change its item code under My Orders, to another
          item of the same section and kind.
        </li>
      </ul>
    ),
  },
  {
    id: 'fees',
    title: 'Fees and payment',
    body: (
      <>
        <ul>
          <li>Individual entry: R160 per person per item.</li>
          <li>Duo or group entry: R250 for fewer than 10 participants, R350 for 10 or more.</li>
          <li>
            Late-entry surcharge: 50% added to the total of an order made in the last-minute period.
          </li>
          <li>
            Change of a wrong item code after the item&apos;s due date: R250 per change. An entry in
            the wrong item that is not changed may be disqualified.
          </li>
          <li>Amendment of participant details or regeneration of a certificate: R250.</li>
        </ul>
        <p>
          Fees are paid online through our payment provider and are shown and charged in South
          African rand. <strong>Fees are non-refundable</strong>, also when an entry is withdrawn,
          not uploaded in time or disqualified. This does not limit any right you have under the
          Consumer Protection Act that cannot be excluded.
        </p>
      </>
    ),
  },
  {
    id: 'performances',
    title: 'Performances and uploads',
    body: (
      <ul>
        <li>
          Every performance must be filmed specifically for this eisteddfod. Performances recorded
          earlier, for example for another competition, a concert or an exam, are disqualified.
        </li>
        <li>
          Film each performance in one continuous take, without editing, cuts or added effects.
        </li>
        <li>
          The introduction (name, item and title) does not count toward the item&apos;s time limit.
          It may be a separate video; if so, both videos must be uploaded.
        </li>
        <li>
          Upload performances as MP4 video, visual arts images as PNG or JPEG under 10 MB, and
          creative writing as PDF, before the item&apos;s deadline.
        </li>
        <li>
          Work must be the student&apos;s own. Music, texts and choreography by others may be
          performed, but must be credited in the introduction.
        </li>
      </ul>
    ),
  },
  {
    id: 'honour-pledge',
    title: 'The honour pledge',
    body: (
      <>
        <p>
          When you add a contestant you accept the honour pledge for every entry. It states that:
        </p>
        <ul>
          <li>the performance is live, performed by the student named on the entry;</li>
          <li>it was filmed in one continuous take;</li>
          <li>it has not been edited; and</li>
          <li>the work is not plagiarised.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'disqualification',
    title: 'Disqualification',
    body: (
      <>
        <p>The organisers may disqualify an entry that:</p>
        <ul>
          <li>was recorded before or for something other than this eisteddfod;</li>
          <li>is edited, is not one continuous take, or is performed by someone else;</li>
          <li>is plagiarised, or otherwise breaks the honour pledge;</li>
          <li>is entered in the wrong item and not changed (see Fees and payment);</li>
          <li>is uploaded after its deadline, or is not in an accepted format;</li>
          <li>contains offensive material or personal information of other people.</li>
        </ul>
        <p>
          We tell you the reason when an entry is disqualified. Fees for disqualified entries are
          not refunded.
        </p>
      </>
    ),
  },
  {
    id: 'results',
    title: 'Adjudication and results',
    body: (
      <ul>
        <li>
          Adjudicators mark every entry against the item&apos;s rubric without seeing the
          student&apos;s name or school. The medal follows from the total: Diploma for 90 or more,
          Gold 80 to 89, Silver 70 to 79, Bronze 60 to 69 and Merit below 60.
        </li>
        <li>
          The organisers verify results before they are released. Results are final after that
          verification, and the adjudicators&apos; marks and comments are not open to dispute.
          Obvious administrative errors (for example a mark recorded against the wrong entry) are
          corrected.
        </li>
        <li>Winners are announced at the online gala awards, after final verification.</li>
        <li>Every participant receives a certificate to download from the uploads portal.</li>
      </ul>
    ),
  },
  {
    id: 'media',
    title: 'Use of submissions and profile pictures',
    body: (
      <>
        <p>
          The student keeps every right in their work. By accepting these terms, the parent or
          guardian consents to the organisers using the student&apos;s submissions and profile
          picture, free of charge, in event publications: the online gala awards, this website, the
          prospectus and the event&apos;s social media pages. The student is named by first name,
          surname initial, grade and school.
        </p>
        <p>
          You may withdraw this consent for future publications at any time through <ContactLine />.
        </p>
      </>
    ),
  },
  {
    id: 'conduct',
    title: 'Fair use of the portal',
    body: (
      <p>
        Do not try to reach other families&apos; information, upload harmful files, or disturb the
        portal or other users. We may suspend an account that does, and we may remove content that
        breaks these terms.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility',
    body: (
      <p>
        We take care to keep the portal available and entries safe, but we cannot promise that it is
        never interrupted. Please upload well before the deadline. As far as the law allows, we are
        not responsible for losses caused by a failed upload, an internet connection or a device,
        and our responsibility for any claim is limited to the fees paid for the entries concerned.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and applicable law',
    body: (
      <p>
        We may update these terms before a new competition opens; the version published when you
        make an entry applies to it. These terms are governed by the law of the Republic of South
        Africa.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Write to us through <ContactLine />.
      </p>
    ),
  },
];

/** /terms-of-service (spec 2, footer): the rules of entering, paying and taking part. */
export default function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="1 March 2025"
      summary={
        <p>
          Each student is entered individually by a parent or guardian. Performances are filmed for
          this eisteddfod in one continuous take and carry the honour pledge. Fees are
          non-refundable; changing a wrong item code after its due date costs R250. Results are
          final after verification.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
