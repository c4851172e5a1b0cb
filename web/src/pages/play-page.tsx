import { useParams } from 'react-router-dom';
import { PlayView } from '../modules/recording/components/play-view';

/** /play/{videoUid}: a screen recording shared by link (public, no sign-in). */
export const PlayPage = () => {
  const { videoUid = '' } = useParams();
  return <PlayView key={videoUid} videoUid={videoUid} />;
};
