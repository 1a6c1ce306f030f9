namespace FastFormatters.Json;

/// <summary>Which rules decide the members, names and forms of JSON (and JMC1).</summary>
public enum JsonContractKind
{
    /// <summary>
    /// The app's System.Text.Json options (the default): MVC's <c>JsonOptions</c> for controllers, the minimal-API
    /// <c>JsonOptions</c> for minimal endpoints, read from System.Text.Json's own metadata for each type. Clients see
    /// what the built-in System.Text.Json formatters would send them; a type whose contract these converters cannot
    /// reproduce (a custom converter, a contract modifier, polymorphism, reference handling) is written and read by
    /// System.Text.Json itself, and named once in the log.
    /// </summary>
    SystemTextJson,

    /// <summary>
    /// Rules that read the data-contract attributes beside System.Text.Json's: for models written for Newtonsoft.Json
    /// or WCF (and shared with MessagePack-CSharp, which reads the same attributes), whose wire names come from
    /// <c>[DataContract]</c> and <c>[DataMember(Name, Order, EmitDefaultValue)]</c>, which System.Text.Json ignores.
    /// <c>[JsonPropertyName]</c>, <c>[JsonIgnore]</c>, <c>[JsonInclude]</c> and <c>[JsonConstructor]</c> apply too; names, null
    /// omission, the enum form (names by default) and the depth follow <see cref="FastSerializerOptions.Unified"/>, not the
    /// app's System.Text.Json options.
    /// </summary>
    Unified,
}
