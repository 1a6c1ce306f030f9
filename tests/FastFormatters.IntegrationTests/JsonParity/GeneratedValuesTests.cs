using System.Text;
using System.Text.Json;
using FastFormatters.IntegrationTests.Infrastructure;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>
/// The generated-values half of the differential oracle for JSON: seeded random values of every model of the parity
/// catalog (<see cref="ValueGenerator"/>) are written by FastFormatters and by System.Text.Json under each option set
/// of the parity suite (the web defaults, snake case, string enums, nulls left out, numbers as strings, strict names,
/// a contract modifier with a converter, cycles ignored),
/// and the documents must be the same as a client reads them (<see cref="JsonComparison"/>: values, member order, the
/// text of each number). Then both read each document, and what they read, written by System.Text.Json, must be the
/// same; FastFormatters may refuse a document only where System.Text.Json refuses it too.
/// </summary>
/// <remarks>
/// CI writes <see cref="DifferentialRun.Mutations"/> ÷ 10 values per model from the fixed seed; <c>tests/differential.sh</c>
/// writes ten times as many per model as it mutates bodies. Models with members declared <c>object</c> or extension
/// data are left out, as in <see cref="MutatedJsonTests"/>: by design those values are read as plain value trees.
/// </remarks>
public sealed class GeneratedValuesTests
{
    private static readonly Dictionary<string, (JsonSerializerOptions Options, FastFormattersSerializer Fast)> s_optionSets = OptionSets(
        new DefaultsHost(), new SnakeCaseHost(), new StringEnumsHost(), new IgnoreNullHost(), new NumbersAsStringsHost(),
        new StrictNamesHost(), new ModifierAndConverterHost(), new IgnoreCyclesHost());

    public static TheoryData<string, string> Cases()
    {
        var data = new TheoryData<string, string>();
        foreach (string key in MutatedJsonTests.Models())
        {
            foreach (string optionSet in s_optionSets.Keys)
            {
                data.Add(key, optionSet);
            }
        }

        return data;
    }

    private static Dictionary<string, (JsonSerializerOptions, FastFormattersSerializer)> OptionSets(params ParityHost[] hosts)
    {
        var sets = new Dictionary<string, (JsonSerializerOptions, FastFormattersSerializer)>();
        foreach (var host in hosts)
        {
            var options = host.CreateJsonOptions();
            sets.Add(host.Name, (options, new FastFormattersSerializer(null, options)));
        }

        return sets;
    }

    // What System.Text.Json reads from a document, written back by it; null when it refuses the document.
    private static string? ReadByReference(string document, Type type, JsonSerializerOptions options)
    {
        try
        {
            return JsonSerializer.Serialize(JsonSerializer.Deserialize(document, type, options), type, options);
        }
        catch (Exception ex) when (ex is JsonException or NotSupportedException or InvalidOperationException or FormatException or OverflowException or ArgumentException)
        {
            return null;
        }
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void A_generated_value_is_written_and_read_as_System_Text_Json_writes_and_reads_it(string key, string optionSet)
    {
        var entry = ParityCatalog.Get(key);
        var (options, fast) = s_optionSets[optionSet];
        var generator = new ValueGenerator(DifferentialRun.RandomFor($"generated {key} {optionSet}"));
        int values = Math.Max(10, DifferentialRun.Mutations / 10);
        var findings = new List<string>();
        for (int i = 0; i < values && findings.Count < 5; i++)
        {
            object? value = generator.Next(entry.Type);
            var buffer = new System.Buffers.ArrayBufferWriter<byte>();
            string reference;
            try
            {
                reference = JsonSerializer.Serialize(value, entry.Type, options);
            }
            catch (Exception ex) when (ex is not JsonException)
            {
                // A value the app's own converter cannot write (a sum past decimal's range): ours must fail too.
                if (Record.Exception(() => fast.Serialize(FastFormat.Json, buffer, value, entry.Type)) is null)
                {
                    findings.Add($"written by FastFormatters, refused by System.Text.Json ({ex.GetType().Name}): {Encoding.UTF8.GetString(buffer.WrittenSpan)}");
                }

                continue;
            }

            fast.Serialize(FastFormat.Json, buffer, value, entry.Type);
            string ours = Encoding.UTF8.GetString(buffer.WrittenSpan);

            if (JsonComparison.Differences(reference, ours) is [_, ..] differences)
            {
                findings.Add($"written differently:\n  System.Text.Json: {reference}\n  FastFormatters:   {ours}\n  {string.Join("\n  ", differences)}");
                continue;
            }

            // Each document read by both: what each read, written by System.Text.Json, is the same (or both refuse it).
            foreach (string document in new[] { reference, ours })
            {
                string? byReference = ReadByReference(document, entry.Type, options);
                string? byUs;
                try
                {
                    byUs = JsonSerializer.Serialize(fast.Deserialize(FastFormat.Json, Encoding.UTF8.GetBytes(document), entry.Type), entry.Type, options);
                }
                catch (FormatReadException ex)
                {
                    byUs = null;
                    if (byReference is not null)
                    {
                        findings.Add($"refused by FastFormatters ({ex.Message}), read by System.Text.Json:\n  document: {document}");
                        break;
                    }
                }

                if (byReference is not null && byUs is not null && byReference != byUs)
                {
                    findings.Add($"read differently:\n  document:         {document}\n  System.Text.Json: {byReference}\n  FastFormatters:   {byUs}");
                    break;
                }

                if (byReference is null && byUs is not null)
                {
                    findings.Add($"read by FastFormatters, refused by System.Text.Json (its own document):\n  document: {document}");
                    break;
                }
            }
        }

        Assert.True(findings.Count == 0, $"{key}, {optionSet}: {string.Join("\n", findings)}");
    }
}
