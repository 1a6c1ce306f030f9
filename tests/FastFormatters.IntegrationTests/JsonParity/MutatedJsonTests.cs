using System.Text;
using System.Text.Json;
using FastFormatters.IntegrationTests.Infrastructure;
using Xunit.Abstractions;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>
/// The bytes-level half of the differential oracle for JSON: System.Text.Json's document of every model of the parity
/// catalog (web defaults), mutated by a seeded generator (characters replaced, removed and inserted, JSON's structural
/// characters and literals planted, a name's case changed, the end cut), is read by System.Text.Json and by
/// FastFormatters with the same options. Where both accept a document they must read the same value (compared as
/// System.Text.Json writes the two values); our reader may refuse a document only with a
/// <see cref="FormatReadException"/>. A document only one of them accepts is counted, not failed.
/// </summary>
/// <remarks>
/// Models whose members are declared <c>object</c> or hold extension data are left out: by design those values are read
/// as plain value trees, not <see cref="JsonElement"/>s (see <see cref="ParityCase.ObjectValuedPaths"/>).
/// CI runs a short fixed-seed pass (<see cref="DifferentialRun"/>); <c>tests/differential.sh</c> runs a long one.
/// </remarks>
public sealed class MutatedJsonTests(ITestOutputHelper output)
{
    private static readonly JsonSerializerOptions s_options = new(JsonSerializerDefaults.Web);
    private static readonly FastFormattersSerializer s_fast = new(null, s_options);
    private static readonly string[] s_plants = ["{", "}", "[", "]", ",", ":", "\"", "null", "true", "0", "-1", "1e400", "\"x\"", "{}", "[]", "\\u0000", " "];

    public static TheoryData<string> Models()
    {
        var data = new TheoryData<string>();
        foreach (var entry in ParityCatalog.All)
        {
            if (entry.InCommonMatrix && entry.ObjectValuedPaths.Count == 0)
            {
                data.Add(entry.Key);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Models))]
    public void Both_readers_read_a_mutated_document_alike_or_one_refuses_it(string key)
    {
        var entry = ParityCatalog.Get(key);
        string valid = JsonSerializer.Serialize(entry.Sample(), entry.Type, s_options);
        var random = DifferentialRun.RandomFor(key);
        var run = new DifferentialRun("System.Text.Json");
        for (int i = 0; i < DifferentialRun.Mutations; i++)
        {
            string document = Mutate(valid, random);
            byte[] utf8 = Encoding.UTF8.GetBytes(document);
            run.Record(document, ReadByReference(utf8, entry.Type), () => WrittenBack(s_fast.Deserialize(FastFormat.Json, utf8, entry.Type), entry.Type));
        }

        output.WriteLine(run.Summary(key));
        run.AssertNoFindings(key);
    }

    // What System.Text.Json reads, written back by it, or null when it refuses the document.
    private static string? ReadByReference(byte[] utf8, Type type)
    {
        object? read;
        try
        {
            read = JsonSerializer.Deserialize(utf8, type, s_options);
        }
        catch (Exception ex) when (ex is JsonException or NotSupportedException or InvalidOperationException or FormatException or OverflowException or ArgumentException)
        {
            return null;
        }

        return WrittenBack(read, type);
    }

    // A value as System.Text.Json writes it; one it cannot write (an infinite double both readers took from 1e400) is
    // named by the writer's exception, so two such reads compare equal.
    private static string WrittenBack(object? value, Type type)
    {
        try
        {
            return JsonSerializer.Serialize(value, type, s_options);
        }
        catch (ArgumentException ex)
        {
            return "unwritable: " + ex.GetType().Name;
        }
    }

    private static string Mutate(string valid, Random random)
    {
        var text = new StringBuilder(valid);
        int edits = 1 + random.Next(3);
        for (int edit = 0; edit < edits && text.Length > 0; edit++)
        {
            int at = random.Next(text.Length);
            switch (random.Next(6))
            {
                case 0:
                    text[at] = (char)random.Next(32, 127);
                    break;
                case 1:
                    text.Remove(at, 1);
                    break;
                case 2:
                    text.Insert(at, s_plants[random.Next(s_plants.Length)]);
                    break;
                case 3:
                    text[at] = char.IsUpper(text[at]) ? char.ToLowerInvariant(text[at]) : char.ToUpperInvariant(text[at]);
                    break;
                case 4:
                    text[at] = "0123456789"[random.Next(10)];
                    break;
                default:
                    text.Length = at;
                    break;
            }
        }

        return text.ToString();
    }
}
