// Names for the server's schema types (generated into schema.d.ts from the OpenAPI snapshot).
import type { components } from "./schema";

type Schemas = components["schemas"];
export type Capture = Schemas["Capture"];
export type TensorInfo = Schemas["TensorInfo"];
export type OpInfo = Schemas["OpInfo"];
export type TapeInfo = Schemas["TapeInfo"];
export type GradientCall = Schemas["GradientCall"];
export type BackwardStep = Schemas["BackwardStep"];
export type Finding = Schemas["Finding"];
export type MemoryTimeline = Schemas["MemoryTimeline"];
export type MemoryPoint = Schemas["MemoryPoint"];
export type ValueSummary = Schemas["ValueSummary"];
export type ErrorInfo = Schemas["ErrorInfo"];
export type SourceLocation = Schemas["SourceLocation"];
