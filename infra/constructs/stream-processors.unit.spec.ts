import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { describe, expect, it } from 'vitest';
import { streamProcessors } from '../../functions/routes';
import { alarmOnProcessors } from './stream-processors';

/** The processors' alarms: an operator is told when one is more than 60 s behind, or gave up on an event. */
describe('the stream processors alarms', () => {
  const stack = new Stack(new App(), 'Alarms');
  const topic = new Topic(stack, 'Topic');
  alarmOnProcessors(stack, topic);
  const template = Template.fromStack(stack);
  const topicId = stack.getLogicalId(topic.node.defaultChild as never);

  it('alarms per processor when its lag (most of a minute) passes 60 s, no data being no lag', () => {
    for (const processor of streamProcessors.processors) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'ConstructionChecklist',
        MetricName: 'ProcessorLagSeconds',
        Dimensions: Match.arrayWith([{ Name: 'Processor', Value: processor }]),
        Statistic: 'Maximum',
        Period: 60,
        Threshold: 60,
        ComparisonOperator: 'GreaterThanThreshold',
        TreatMissingData: 'notBreaching',
        AlarmActions: [{ Ref: topicId }],
      });
    }
  });

  it('alarms once when any processor files a dead letter', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmDescription: Match.stringLikeRegexp('gave up on an event'),
      Metrics: Match.arrayWith([Match.objectLike({ Expression: `SUM([${streamProcessors.processors.map((_, i) => `d${i}`).join(', ')}])` })]),
      Threshold: 0,
      AlarmActions: [{ Ref: topicId }],
    });
    expect(Object.keys(template.findResources('AWS::CloudWatch::Alarm'))).toHaveLength(streamProcessors.processors.length + 1);
  });
});
