using FastFormatters.Compatibility.Tests.Infrastructure;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.Compatibility.Tests.Samples;
using MessagePack;
using Xunit.Abstractions;

namespace FastFormatters.Compatibility.Tests;

/// <summary>
/// The bytes-level half of the differential oracle: MessagePack-CSharp's encoding of every sample, mutated by a seeded
/// generator (bytes replaced, bits flipped, MessagePack codes planted, bytes inserted and removed, the end cut), is read
/// by MessagePack-CSharp 2.5.307 and by FastFormatters. Where both accept a body they must read the same value; our
/// reader may refuse a body only with a <see cref="FormatReadException"/>. A body only one of them accepts is counted,
/// not failed: those classes are documented in docs/reliability.md.
/// </summary>
/// <remarks>
/// CI runs a short fixed-seed pass; <c>tests/differential.sh</c> runs a long one by setting
/// <c>FASTFORMATTERS_MUTATIONS</c> (mutations per sample) and <c>FASTFORMATTERS_SEED</c>.
/// </remarks>
public sealed class MutatedMessagePackTests(ITestOutputHelper output)
{
    private static readonly FastFormattersSerializer s_fast = new();

    // An integer map key as ValueDescriber writes it ("{Byte:97: ..." or ", Int32:-5: ...").
    private static readonly System.Text.RegularExpressions.Regex s_integerKey = new(@"(?<=[{,] ?)(?:S?Byte|U?Int(?:16|32|64)):(-?[0-9]+)(?=: )");

    // Codes that change what follows them: nil, booleans, the integer, float, string, binary, array, map and
    // extension headers, and the one code MessagePack never uses.
    private static readonly byte[] s_codes = [0xc0, 0xc1, 0xc2, 0xc3, 0xc4, 0xca, 0xcb, 0xcc, 0xcd, 0xce, 0xcf, 0xd0, 0xd3, 0xd4, 0xd9, 0xda, 0xdb, 0xdc, 0xdd, 0xde, 0xdf, 0x90, 0x80, 0xa0, 0x7f, 0xff];

    public static TheoryData<string> Samples()
    {
        var data = new TheoryData<string>();
        foreach (var sample in SampleCatalog.All)
        {
            data.Add(sample.Name);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Samples))]
    public void Both_readers_read_a_mutated_body_alike_or_one_refuses_it(string sampleName)
    {
        var sample = SampleCatalog.Get(sampleName);
        byte[] valid = sample.Serialize();
        var random = DifferentialRun.RandomFor(sampleName);
        var run = new DifferentialRun("MessagePack-CSharp");
        for (int i = 0; i < DifferentialRun.Mutations; i++)
        {
            byte[] body = Mutate(valid, random);
            run.Record(Convert.ToHexString(body), ReadByReference(sample, body), () => Describe(s_fast.Deserialize(FastFormat.MessagePack, body, sample.Type)));
        }

        output.WriteLine(run.Summary(sampleName));
        run.AssertNoFindings(sampleName);
    }

    /// <summary>What MessagePack-CSharp reads from <paramref name="body"/>, described, or null when it refuses it.</summary>
    private static string? ReadByReference(CompatibilitySample sample, byte[] body)
    {
        try
        {
            return Describe(sample.Deserialize(body));
        }
        catch (Exception ex) when (ex is MessagePackSerializationException or EndOfStreamException or InvalidOperationException or OverflowException or FormatException or ArgumentException)
        {
            return null;
        }
    }

    // A value described with every integer map key as its decimal text: a map read as object has string keys in
    // FastFormatters (a documented difference, Dictionary<string, object?>) and the key's own type in MessagePack-CSharp;
    // a typed dictionary's keys are its declared type in both.
    private static string Describe(object? value) => s_integerKey.Replace(ValueDescriber.Describe(value), "\"$1\"");

    private static byte[] Mutate(byte[] valid, Random random)
    {
        var bytes = new List<byte>(valid);
        int edits = 1 + random.Next(3);
        for (int edit = 0; edit < edits && bytes.Count > 0; edit++)
        {
            int at = random.Next(bytes.Count);
            switch (random.Next(6))
            {
                case 0:
                    bytes[at] = (byte)random.Next(256);
                    break;
                case 1:
                    bytes[at] ^= (byte)(1 << random.Next(8));
                    break;
                case 2:
                    bytes[at] = s_codes[random.Next(s_codes.Length)];
                    break;
                case 3:
                    bytes.Insert(at, s_codes[random.Next(s_codes.Length)]);
                    break;
                case 4:
                    bytes.RemoveAt(at);
                    break;
                default:
                    bytes.RemoveRange(at, bytes.Count - at);
                    break;
            }
        }

        return [.. bytes];
    }
}
