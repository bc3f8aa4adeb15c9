import { InfoPage } from '../../../components/InfoPage';

export const VideoTutorialsRoute = () => <InfoPage titleKey="pages.video_tutorials.title" bodyKey="pages.video_tutorials.body" />;
