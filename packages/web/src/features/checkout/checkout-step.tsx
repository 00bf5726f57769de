import { useEffect, useState } from 'react';
import { AccountStep } from '../accounts/account-step.tsx';
import { useAuth } from '../accounts/use-auth.ts';
import { useBasket } from '../basket/use-basket.ts';
import { scrollToStep } from '../order-steps/scroll-to-step.ts';
import { PaymentSection } from './payment-section.tsx';
import { SmartBenefitsModal } from './smart-benefits-modal.tsx';
import { useStep3Opening } from './use-step3-opening.ts';
import './checkout.css';

/**
 * Step 3 (spec 000 sections 2 and 4): register or log in, then the terms, the payment method and
 * Pay; opening it validates the basket and may offer the smart benefits. Loaded with step 3.
 */
export function CheckoutStep({ active }: { active: boolean }) {
  const auth = useAuth();
  const basket = useBasket();
  const customer = auth.data?.loggedIn ? auth.data.customer : null;
  const hostingUpgrade = basket.data?.hostingUpgrade === true;
  const { offer, closeOffer } = useStep3Opening({ active, loggedIn: auth.isSuccess ? customer !== null : null, hostingUpgrade });
  // After accepting, the page goes to step 3 once the modal has closed and handed focus back.
  const [scrollSeq, setScrollSeq] = useState(0);
  useEffect(() => {
    if (scrollSeq > 0) scrollToStep(3);
  }, [scrollSeq]);

  return (
    <>
      <AccountStep />
      {customer && !customer.isSubUser && <PaymentSection />}
      {offer && (
        <SmartBenefitsModal
          offer={offer}
          onClose={closeOffer}
          onAccepted={() => {
            closeOffer();
            setScrollSeq((seq) => seq + 1);
          }}
        />
      )}
    </>
  );
}
