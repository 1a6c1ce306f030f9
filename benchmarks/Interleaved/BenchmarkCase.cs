namespace FastFormatters.Benchmarks.Interleaved;

/// <summary>
/// One benchmark to compare: <c>Class.Method</c>, optionally with parameters, <c>Class.Method:Scale=10</c> or
/// <c>Class.Method:Payload=feed,Accept=application/json</c>.
/// </summary>
internal sealed record BenchmarkCase(string TypeName, string MethodName, IReadOnlyList<(string Property, string Value)> Parameters)
{
    public static BenchmarkCase Parse(string text)
    {
        string[] nameAndParameters = text.Split(':', 2);
        string[] typeAndMethod = nameAndParameters[0].Split('.');
        if (typeAndMethod.Length != 2 || typeAndMethod[0].Length == 0 || typeAndMethod[1].Length == 0)
        {
            throw new ArgumentException($"'{text}' is not Class.Method[:Property=Value,...]");
        }

        var parameters = new List<(string, string)>();
        if (nameAndParameters.Length == 2)
        {
            foreach (string assignment in nameAndParameters[1].Split(',', StringSplitOptions.RemoveEmptyEntries))
            {
                string[] parts = assignment.Split('=', 2);
                if (parts.Length != 2 || parts[0].Length == 0)
                {
                    throw new ArgumentException($"'{assignment}' in '{text}' is not Property=Value");
                }

                parameters.Add((parts[0], parts[1]));
            }
        }

        return new BenchmarkCase(typeAndMethod[0], typeAndMethod[1], parameters);
    }

    public override string ToString() =>
        Parameters.Count == 0 ? $"{TypeName}.{MethodName}" : $"{TypeName}.{MethodName}:{string.Join(',', Parameters.Select(p => $"{p.Property}={p.Value}"))}";
}
