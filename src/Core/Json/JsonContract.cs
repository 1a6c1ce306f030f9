namespace FastFormatters.Json;

/// <summary>Which rules decide the members, names and forms of JSON (and JMC1).</summary>
public enum JsonContract
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
    /// This library's own rules, as before it followed the app's options: <c>[DataMember(Name)]</c> names,
    /// <see cref="FastSerializerOptions.NamingPolicy"/>, <see cref="FastSerializerOptions.EnumsAsNumbers"/> (names by
    /// default) and <see cref="FastSerializerOptions.OmitNullMembers"/>.
    /// </summary>
    Unified,
}
