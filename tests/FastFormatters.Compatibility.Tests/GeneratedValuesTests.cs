using FastFormatters.Compatibility.Tests.Infrastructure;
using FastFormatters.Compatibility.Tests.Samples;
using FastFormatters.IntegrationTests.Infrastructure;
using MessagePack;

namespace FastFormatters.Compatibility.Tests;

/// <summary>
/// The generated-values half of the differential oracle for MessagePack: seeded random values of every sample's type
/// (<see cref="ValueGenerator"/>) are written by FastFormatters and by MessagePack-CSharp 2.5.307 with the sample's
/// options, and the bodies must be the same bytes; then both read MessagePack-CSharp's body, and what they read must be
/// the same value (<see cref="ValueDescriber"/>).
/// </summary>
/// <remarks>
/// CI writes <see cref="DifferentialRun.Mutations"/> ÷ 10 values per sample from the fixed seed; <c>tests/differential.sh</c>
/// a tenth as many per sample as it mutates bodies.
/// </remarks>
public sealed class GeneratedValuesTests
{
    private static readonly FastFormattersSerializer s_fast = new();

    public static TheoryData<string> Samples() => MutatedMessagePackTests.Samples();

    [Theory]
    [MemberData(nameof(Samples))]
    public void A_generated_value_is_written_and_read_as_MessagePack_CSharp_writes_and_reads_it(string sampleName)
    {
        var sample = SampleCatalog.Get(sampleName);
        var generator = new ValueGenerator(DifferentialRun.RandomFor("generated " + sampleName));
        int values = Math.Max(10, DifferentialRun.Mutations / 10);
        var findings = new List<string>();
        for (int i = 0; i < values && findings.Count < 5; i++)
        {
            object? value = generator.Next(sample.Type);
            byte[] reference;
            try
            {
                reference = MessagePackSerializer.Serialize(sample.Type, value, sample.Options);
            }
            catch (MessagePackSerializationException)
            {
                // A value MessagePack-CSharp cannot write (a formatter of the sample's own refusing it): nothing to compare.
                continue;
            }

            var buffer = new System.Buffers.ArrayBufferWriter<byte>();
            s_fast.Serialize(FastFormat.MessagePack, buffer, value, sample.Type);
            byte[] ours = buffer.WrittenSpan.ToArray();
            if (!ours.AsSpan().SequenceEqual(reference))
            {
                findings.Add($"written differently:\n  MessagePack-CSharp: {Convert.ToHexString(reference)}\n  FastFormatters:     {Convert.ToHexString(ours)}");
                continue;
            }

            string byReference = ValueDescriber.Describe(sample.Deserialize(reference));
            string byUs = ValueDescriber.Describe(s_fast.Deserialize(FastFormat.MessagePack, reference, sample.Type));
            if (byReference != byUs)
            {
                findings.Add($"read differently:\n  body: {Convert.ToHexString(reference)}\n  MessagePack-CSharp: {byReference}\n  FastFormatters:     {byUs}");
            }
        }

        Assert.True(findings.Count == 0, $"{sampleName}: {string.Join("\n", findings)}");
    }
}
