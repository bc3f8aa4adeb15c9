import { useParams } from 'react-router';
import { InfoPage } from '../../../components/InfoPage';

export const TrackRoute = () => <InfoPage titleKey="pages.track.title" bodyKey="pages.track.body" />;
export function TrackDetailRoute() {
  const { loadId = '' } = useParams();
  return <InfoPage titleKey="pages.track_detail.title" bodyKey="pages.track_detail.body" values={{ id: loadId }} />;
}
