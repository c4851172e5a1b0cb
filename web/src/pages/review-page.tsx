import { useParams } from 'react-router-dom';
import { ReviewView } from '../modules/review/components/review-view';

/** /review/{token}: a review link of several posts (spec's review view, no sign-in, no product header). */
export const ReviewPage = () => {
  const { token = '' } = useParams();
  return <ReviewView token={token} />;
};
