namespace FastFormatters.Serialization.Objects;

/// <summary>
/// One format's converter of a plain object type: created empty (so a recursive type resolves to it while it is being
/// built), then given the type's contract.
/// </summary>
internal interface IObjectConverter<T>
{
    void Initialize(ObjectContract<T> contract);
}
