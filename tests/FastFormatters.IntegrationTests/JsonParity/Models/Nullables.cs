namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>Nullable value types, set and null; nullable references; an array of nullable numbers.</summary>
public sealed class Nullables
{
    public int? SetInt { get; set; }

    public int? NullInt { get; set; }

    public double? SetDouble { get; set; }

    public decimal? NullDecimal { get; set; }

    public bool? SetBool { get; set; }

    public Guid? SetGuid { get; set; }

    public DateTime? NullDateTime { get; set; }

    public DateTimeOffset? SetDateTimeOffset { get; set; }

    public DateOnly? SetDateOnly { get; set; }

    public TimeSpan? NullTimeSpan { get; set; }

    public char? SetChar { get; set; }

    public string? NullString { get; set; }

    public Address? NullAddress { get; set; }

    public List<int>? NullList { get; set; }

    public int?[] Sparse { get; set; } = [];
}
