namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>The matrix every option set runs: each common model's responses, and its requests in each body variant.</summary>
public static class ParityTheoryData
{
    public static TheoryData<string> Responses
    {
        get
        {
            var data = new TheoryData<string>();
            foreach (var entry in ParityCatalog.All.Where(entry => entry.InCommonMatrix))
            {
                data.Add(entry.Key);
            }

            return data;
        }
    }

    public static TheoryData<string, string> Requests
    {
        get
        {
            var data = new TheoryData<string, string>();
            foreach (var entry in ParityCatalog.All.Where(entry => entry.InCommonMatrix))
            {
                foreach (var variant in RequestVariants.For(entry))
                {
                    data.Add(entry.Key, variant);
                }
            }

            return data;
        }
    }
}
