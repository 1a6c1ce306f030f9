using System.Collections;
using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>
/// A collection type with its own [JsonConverter]: written as <c>{"currency":"EUR","total":3.75,"amounts":[1.5,2.25]}</c>,
/// never as the array its enumerator would give, whether it is the whole response or a member.
/// </summary>
[JsonConverter(typeof(MoneyBagJsonConverter))]
public sealed class MoneyBag(string currency, IEnumerable<decimal> amounts) : IEnumerable<Money>
{
    public string Currency { get; } = currency;

    public IReadOnlyList<decimal> Amounts { get; } = [.. amounts];

    public IEnumerator<Money> GetEnumerator()
    {
        foreach (var amount in Amounts)
        {
            yield return new Money(amount, Currency);
        }
    }

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
}
