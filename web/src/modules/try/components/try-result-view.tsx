import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TryResult } from '#shared/schemas/try';
import { useTranslation } from 'react-i18next';
import { GenerationMetaLine } from '../../generation/components/generation-meta';

/** The sample voice and the three post ideas of a try, as the visitor sees them. */
export const TryResultView = ({ result }: { result: TryResult }) => {
  const { t } = useTranslation();
  return (
    <SpaceBetween size="l">
      <Container
        header={
          <Header variant="h2" description={t('try.resultDescription', { url: result.url })}>
            {t('try.resultTitle', { brand: result.brand_name })}
          </Header>
        }
      >
        <SpaceBetween size="m">
          <GenerationMetaLine meta={result.meta} />
          <Box variant="h3">{result.voice.name}</Box>
          <Box variant="p">{result.voice.description}</Box>
          <div>
            <Box variant="h4">{t('try.traits')}</Box>
            <ul aria-label={t('try.traits')}>
              {result.voice.traits.map((trait) => (
                <li key={trait}>{trait}</li>
              ))}
            </ul>
          </div>
          <div>
            <Box variant="h4">{t('try.examplePosts')}</Box>
            <ul>
              {result.voice.example_posts.map((post, index) => (
                <li key={index}>
                  <Box variant="p">{post}</Box>
                </li>
              ))}
            </ul>
          </div>
        </SpaceBetween>
      </Container>
      <Container header={<Header variant="h2">{t('try.ideasTitle')}</Header>}>
        <ColumnLayout columns={3} borders="vertical">
          {result.ideas.map((idea, index) => (
            <SpaceBetween size="xs" key={index}>
              <Box variant="h3">{t('try.idea', { n: index + 1, title: idea.title })}</Box>
              <Box variant="small" color="text-body-secondary">
                {t('try.format')}: {idea.format}
              </Box>
              <Box variant="p">
                <strong>{t('try.hook')}:</strong> {idea.hook}
              </Box>
            </SpaceBetween>
          ))}
        </ColumnLayout>
      </Container>
    </SpaceBetween>
  );
};
